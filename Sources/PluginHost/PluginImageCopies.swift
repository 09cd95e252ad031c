import DescriptorIO
import Foundation
import Platform

/// Private copies of plugin libraries: what is actually loaded, never the file in the plugin
/// folder. A rebuilt library renamed over the original, or a `cp` that rewrites it in place
/// while it is mapped, then cannot touch code that runs (truncating a mapped library is a
/// SIGBUS or SIGSEGV for whoever runs it); and each reload is a new file at a new path, which
/// `dlopen` maps afresh instead of returning the image it already has.
///
/// The copies live in one folder per process (`workbench-plugins.<pid>.XXXXXX` in the
/// temporary directory), removed when the process exits normally. A process that was killed
/// cannot remove its folder, so the first copy a process makes also removes the folders of
/// processes that no longer exist. Children of the process-isolation mode load the parent's
/// copies.
package enum PluginImageCopies {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folder: String?  // Unsafe-annotated: only touched under `lock`.
    nonisolated(unsafe) private static var counter = 0  // Unsafe-annotated: only touched under `lock`.

    /// Copies `path` to a new file of its own; returns the copy's path.
    ///
    /// - Throws: `CopyError` with the reason when the file cannot be read or the copy written.
    package static func copy(_ path: String) throws(CopyError) -> String {
        lock.lock()
        counter += 1
        let serial = counter
        let made = Result { () throws(CopyError) in try ensureFolder() }
        lock.unlock()
        let folder = try made.get()
        let name = (path as NSString).lastPathComponent
        let copy = (folder as NSString).appendingPathComponent("\(serial)-\(name)")
        let source = open(path, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw CopyError(reason: "cannot read it: \(String(cString: strerror(errno)))") }
        defer { close(source) }
        let target = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o500)
        guard target >= 0 else {
            throw CopyError(reason: "cannot copy it to \(copy): \(String(cString: strerror(errno)))")
        }
        defer { close(target) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = RetryingIO.read(source, into: &buffer)
            guard count >= 0 else { throw CopyError(reason: "cannot read it: \(String(cString: strerror(errno)))") }
            if count == 0 { return copy }
            guard
                buffer.withUnsafeBytes({ RetryingIO.writeAll(target, UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                )
            else {
                throw CopyError(reason: "cannot copy it to \(copy): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The folder of copies, made on first use. Call under `lock`.
    private static func ensureFolder() throws(CopyError) -> String {
        if let folder { return folder }
        let temporary = NSTemporaryDirectory()
        removeFoldersOfEndedProcesses(in: temporary)
        let name = "\(folderPrefix)\(getpid()).XXXXXX"
        var template = Array(((temporary as NSString).appendingPathComponent(name)).utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CopyError(reason: "cannot make a folder for plugin copies: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: made)
        folder = path
        atexit { PluginImageCopies.removeFolder() }
        return path
    }

    private static let folderPrefix = "workbench-plugins."

    /// Removes `workbench-plugins.<pid>.*` folders in `temporary` whose process has ended.
    ///
    /// A folder whose process still runs, or whose name carries no pid, is left alone; so is one
    /// that cannot be removed (another user's). A reused pid only delays a removal.
    private static func removeFoldersOfEndedProcesses(in temporary: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            let parts = name.dropFirst(folderPrefix.count).split(separator: ".", maxSplits: 1)
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0 else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: (temporary as NSString).appendingPathComponent(name))
        }
    }

    /// Removes the folder of copies (at exit: the images stay mapped, the names are not needed).
    private static func removeFolder() {
        guard let folder = lock.withLock({ folder }) else { return }
        try? FileManager.default.removeItem(atPath: folder)
    }

    package struct CopyError: Error, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }
}
