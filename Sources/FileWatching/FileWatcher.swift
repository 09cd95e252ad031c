internal import CSystemShims
import Dispatch
import Foundation
import Platform

/// Watches a set of files (or whole folders) for changes, and calls back once per burst.
///
/// A file counts as changed when it is written or replaced (an editor's or a linker's rename
/// into place), and when it is deleted or renamed away. Changes within `debounce` seconds of each other are reported together, once
/// the burst is quiet. One thread per watcher notices the changes; `onChange` runs on it.
///
/// A watcher made with `folders:` watches whole folders instead (plugin folders): every
/// accepted name in them, created, written, renamed in or out, or deleted. A folder that is
/// deleted or renamed away is watched again when a folder of its name comes back, and so is
/// one that does not exist yet when the watcher starts; its own path is reported then, which
/// means "look again".
///
/// How changes are noticed depends on the platform: inotify on Linux (`InotifyWatcher`); on
/// the portable path (`Portability.isPortable`, always on Darwin) a `SnapshotWatcher`, which
/// compares what `stat` says — woken by kqueue on Darwin, every `SnapshotWatcher.interval`
/// seconds on Linux.
public final class FileWatcher: Sendable {
    private let backend: any FileWatchBackend

    /// Starts watching `paths` (absolute or relative to the working folder).
    ///
    /// - Parameters:
    ///   - debounce: how long the files must be quiet before a burst of changes is reported.
    ///   - onChange: receives the changed files' absolute paths, sorted.
    /// - Throws: `FileWatcherError` when the system's watching cannot be set up.
    public init(paths: [String], debounce: Double = 0.15, onChange: @escaping @Sendable ([String]) -> Void)
        throws(FileWatcherError)
    {
        #if os(Linux)
            if !Portability.isPortable {
                backend = try InotifyWatcher(paths: paths, debounce: debounce, onChange: onChange)
                return
            }
        #endif
        backend = try SnapshotWatcher(paths: paths, debounce: debounce, onChange: onChange)
    }

    /// Starts watching whole `folders`: a name that `accepts` is reported when a file of that
    /// name is written, renamed in or out, or deleted; a folder's own path is reported when it
    /// comes or goes, or when events were lost, meaning "look again".
    ///
    /// - Throws: `FileWatcherError` when the system's watching cannot be set up.
    public init(
        folders: [String], accepting accepts: @escaping @Sendable (String) -> Bool, debounce: Double = 0.15,
        onChange: @escaping @Sendable ([String]) -> Void
    ) throws(FileWatcherError) {
        #if os(Linux)
            if !Portability.isPortable {
                backend = try InotifyWatcher(
                    folders: folders, accepting: accepts, debounce: debounce, onChange: onChange)
                return
            }
        #endif
        backend = try SnapshotWatcher(folders: folders, accepting: accepts, debounce: debounce, onChange: onChange)
    }

    /// Replaces the set of files watched (a reloaded workspace may read other data files).
    public func watch(_ paths: [String]) { backend.watch(paths) }

    /// The absolute paths being watched, sorted.
    public var paths: [String] { backend.paths }

    /// Stops the watching thread; no callback runs after this returns… unless one is running now.
    public func stop() { backend.stop() }
}

/// What notices changes for a `FileWatcher`.
protocol FileWatchBackend: Sendable {
    func watch(_ paths: [String])
    var paths: [String] { get }
    func stop()
}

/// The system's watching could not be set up.
public struct FileWatcherError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension FileWatcher {
    /// The name every watching thread gives itself (at most 15 bytes, Linux's limit), so that
    /// tools and tests can count the watchers a process runs, whichever the backend.
    public static let threadName = "wb.file-watcher"

    /// Runs `body` on a new thread named `threadName` (Foundation's `Thread.name` does not
    /// reach the system on Linux), returning once the thread has its name.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        let named = DispatchSemaphore(value: 0)
        let thread = Thread {
            wb_name_this_thread(threadName)
            named.signal()
            body()
        }
        thread.start()
        named.wait()
    }
}
