import Foundation
import Platform
import Synchronization

/// Watches files by comparing what `stat` says of them with what it said before: the portable
/// `FileWatcher` backend (Darwin, and Linux under `WORKBENCH_PORTABLE=1`).
///
/// Every scan stamps each watched file and each watched folder's accepted entries
/// (`FileStamp`); a stamp that differs from the last is a change. A file written in place
/// changes its size or times; one renamed into place is another inode; a watched file that
/// disappears is reported then, and again when it comes back (as inotify's delete or
/// renamed-away, then close-after-write or renamed-into-place, are); a folder that appears, disappears or is replaced reports its own
/// path. Scans run every `interval` seconds — on Darwin also at once when kqueue says a
/// watched file or folder changed (`KqueueWaker`) — and a burst is reported once a scan has
/// found nothing new for `debounce` seconds. Cost: one `stat` per watched file and accepted
/// entry per scan.
final class SnapshotWatcher: FileWatchBackend {
    /// Seconds between scans on Linux's portable path (Darwin wakes on kqueue events and scans
    /// at this pace only as a fallback).
    static let interval = 0.03

    private let state: Mutex<State>
    private let debounce: Double
    private let onChange: @Sendable ([String]) -> Void
    private let stopPipe: (read: Int32, write: Int32)
    #if canImport(Darwin)
        private let waker: KqueueWaker
    #endif

    struct State {
        /// Watched file → its last stamp (nil: it did not exist).
        var files: [String: FileStamp?] = [:]
        /// Watched folder → its own last stamp (nil: it did not exist) and its accepted entries' stamps.
        var folders: [String: (stamp: FileStamp?, entries: [String: FileStamp])] = [:]
        var accepts: @Sendable (String) -> Bool = { _ in false }
        var pending: Set<String> = []
        /// When the last change was seen (system uptime, seconds).
        var lastChange = 0.0
    }

    init(paths: [String], debounce: Double, onChange: @escaping @Sendable ([String]) -> Void) throws(FileWatcherError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw FileWatcherError(message: "pipe failed: \(String(cString: strerror(errno)))")
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        stopPipe = (fds[0], fds[1])
        #if canImport(Darwin)
            do {
                waker = try KqueueWaker()
            } catch {
                close(fds[0])
                close(fds[1])
                throw error
            }
        #endif
        self.debounce = debounce
        self.onChange = onChange
        var initial = State()
        for path in paths { initial.files[Self.absolute(path)] = FileStamp(path: Self.absolute(path)) }
        state = Mutex(initial)
        start()
    }

    convenience init(
        folders: [String], accepting accepts: @escaping @Sendable (String) -> Bool, debounce: Double,
        onChange: @escaping @Sendable ([String]) -> Void
    ) throws(FileWatcherError) {
        try self.init(paths: [], debounce: debounce, onChange: onChange)
        state.withLock { state in
            state.accepts = accepts
            for folder in folders.map(Self.absolute) {
                state.folders[folder] = (FileStamp(path: folder), Self.entries(of: folder, accepting: accepts))
            }
        }
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// The stamps of the accepted names in `folder` (none if it cannot be read).
    static func entries(of folder: String, accepting accepts: (String) -> Bool) -> [String: FileStamp] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var entries: [String: FileStamp] = [:]
        for name in names where accepts(name) {
            if let stamp = FileStamp(path: folder + "/" + name) { entries[name] = stamp }
        }
        return entries
    }

    func watch(_ paths: [String]) {
        let stamps = paths.map { (Self.absolute($0), FileStamp(path: Self.absolute($0))) }
        state.withLock { state in
            state.files = [:]
            for (path, stamp) in stamps { state.files[path] = stamp }
        }
    }

    var paths: [String] { state.withLock { $0.files.keys.sorted() } }

    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    private func start() {
        // The thread holds the watcher until `run` returns (after `stop`), as `InotifyWatcher`'s does.
        FileWatcher.startThread { [self] in run() }
    }

    private func run() {
        while true {
            #if canImport(Darwin)
                let (watched, hasPending) = state.withLock {
                    (Array($0.files.keys) + Array($0.folders.keys), !$0.pending.isEmpty)
                }
                waker.watch(watched)
                // A burst is reported once quiet: with changes pending, scan at the Linux pace.
                if waker.wait(seconds: Self.interval * (hasPending ? 1 : 10), stopping: stopPipe.read) { return }
            #else
                var descriptor = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(Self.interval * 1000))
                if ready < 0 && errno == EINTR { continue }
                if ready != 0 { return }
            #endif
            let now = ProcessInfo.processInfo.systemUptime
            let changed = state.withLock { state -> [String] in
                if scan(&state) { state.lastChange = now }
                guard !state.pending.isEmpty, now - state.lastChange >= debounce else { return [] }
                defer { state.pending = [] }
                return state.pending.sorted()
            }
            if !changed.isEmpty { onChange(changed) }
        }
    }

    /// Stamps everything watched again and notes what changed; true if anything did.
    private func scan(_ state: inout State) -> Bool {
        let before = state.pending.count
        var seenChange = false
        for (path, old) in state.files {
            let new = FileStamp(path: path)
            guard new != old else { continue }
            state.files[path] = new
            seenChange = true
            state.pending.insert(path)  // written, replaced, deleted or back
        }
        for (folder, old) in state.folders {
            let stamp = FileStamp(path: folder)
            let sameFolder = { (a: FileStamp?, b: FileStamp?) -> Bool in
                switch (a, b) {
                case (nil, nil): return true
                case (let a?, let b?): return a.isSameFile(as: b)
                default: return false
                }
            }
            let entries = Self.entries(of: folder, accepting: state.accepts)
            defer { state.folders[folder] = (stamp, entries) }
            guard sameFolder(old.stamp, stamp) else {
                state.pending.insert(folder)  // came, went or was replaced: look again
                seenChange = true
                continue
            }
            for name in Set(entries.keys).union(old.entries.keys) where entries[name] != old.entries[name] {
                state.pending.insert(folder + "/" + name)
                seenChange = true
            }
        }
        return seenChange || state.pending.count != before
    }
}
