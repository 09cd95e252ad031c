import Foundation
import JSONRPC

/// The workspace files and folders a client may `open` (in `workbench preview`, those given on
/// its command line); an engine without one opens any path (`workbench serve`: the editor's
/// own process, with the user's rights).
public struct OpenablePaths: Sendable {
    /// Absolute, symlink-free paths: workspace files, and folders whose files may all be opened.
    public let files: Set<String>
    public let folders: [String]

    /// - Parameter paths: workspace files or folders; relative ones against the working folder.
    public init(_ paths: [String]) {
        var files: Set<String> = [], folders: [String] = []
        for path in paths.map(Self.resolved) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                folders.append(path)
            } else {
                files.insert(path)
            }
        }
        self.files = files
        self.folders = folders
    }

    /// Refuses `open {path}` outside the given files and folders (-32602 naming them).
    func check(path: String, field: String) throws(RPCError) {
        let path = Self.resolved(path)
        guard files.contains(path) || isInFolders(path) else { throw refusal(field, path) }
    }

    /// Refuses `open {text, directory}` unless `directory` is one of the given folders or inside one.
    func check(directory: String, field: String) throws(RPCError) {
        let path = Self.resolved(directory)
        guard folders.contains(path) || isInFolders(path) else { throw refusal(field, path) }
    }

    private func isInFolders(_ path: String) -> Bool {
        folders.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    private func refusal(_ field: String, _ path: String) -> RPCError {
        let given = (folders + files.sorted()).joined(separator: ", ")
        return .invalidParams("\(field): '\(path)' is outside the paths this server may open (\(given))")
    }

    /// The absolute path with `.`/`..` and symbolic links resolved (so a link cannot lead out).
    static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: absolute).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
