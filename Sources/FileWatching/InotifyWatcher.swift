#if os(Linux)
    import Foundation
    import Platform
    import Synchronization

    /// Watches a set of files for changes with Linux's inotify, and calls back once per burst:
    /// `FileWatcher`'s backend on Linux, unless `Portability.isPortable`.
    ///
    /// The *directories* holding the files are watched, not the files: editors and linkers
    /// replace a file (a new inode, renamed into place) as often as they write it in place, so a
    /// watch on the file would be lost. A file counts as changed when it is closed after writing
    /// (`IN_CLOSE_WRITE`) or renamed into place (`IN_MOVED_TO`), and when it is deleted
    /// (`IN_DELETE`) or renamed away (`IN_MOVED_FROM`): a file gone is a change too. Changes within `debounce`
    /// seconds of each other are reported together, once the burst is quiet. One thread per
    /// watcher reads the events; `onChange` runs on it.
    ///
    /// A watcher made with `folders:` watches whole folders instead (plugin folders): every
    /// accepted name in them, created, written, renamed in or out, or deleted. A folder that is
    /// deleted or renamed away is watched again when a folder of its name comes back (its parent
    /// is watched for that), and so is one that does not exist yet when the watcher starts.
    final class InotifyWatcher: FileWatchBackend {
        private let inotify: Int32
        private let stopPipe: (read: Int32, write: Int32)
        private let state = Mutex(State())
        private let debounce: Double
        private let onChange: @Sendable ([String]) -> Void

        fileprivate struct State {
            /// Watch descriptor → (directory, the file names watched in it).
            var watches: [Int32: (directory: String, names: Set<String>)] = [:]
            /// Watch descriptor → folder, for a watcher of whole folders; names it reports pass `accepts`.
            var folders: [Int32: String] = [:]
            /// Watch descriptor → (a watched folder's parent, the names of watched folders in it): a
            /// folder created or renamed in under one of those names is watched (again).
            var parents: [Int32: (directory: String, names: Set<String>)] = [:]
            var accepts: @Sendable (String) -> Bool = { _ in false }
            var pending: Set<String> = []
        }

        /// Starts watching `paths` (absolute or relative to the working folder).
        ///
        /// - Parameters:
        ///   - debounce: how long the files must be quiet before a burst of changes is reported.
        ///   - onChange: receives the changed files' absolute paths, sorted.
        /// - Throws: `FileWatcherError` when inotify is unavailable.
        init(paths: [String], debounce: Double, onChange: @escaping @Sendable ([String]) -> Void)
            throws(FileWatcherError)
        {
            inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard inotify >= 0 else {
                throw FileWatcherError(message: "inotify_init1 failed: \(String(cString: strerror(errno)))")
            }
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else {
                close(inotify)
                throw FileWatcherError(message: "pipe failed: \(String(cString: strerror(errno)))")
            }
            stopPipe = (fds[0], fds[1])
            self.debounce = debounce
            self.onChange = onChange
            watch(paths)
            start()
        }

        /// Starts watching whole `folders`: a name that `accepts` is reported when a file of that
        /// name is written and closed, renamed in or out, or deleted; a folder's own path is
        /// reported when events were lost (the kernel's queue overflowed), meaning "look again".
        ///
        /// - Throws: `FileWatcherError` when inotify is unavailable.
        convenience init(
            folders: [String], accepting accepts: @escaping @Sendable (String) -> Bool, debounce: Double,
            onChange: @escaping @Sendable ([String]) -> Void
        ) throws(FileWatcherError) {
            try self.init(paths: [], debounce: debounce, onChange: onChange)
            state.withLock { state in
                state.accepts = accepts
                for folder in folders {
                    let url = URL(fileURLWithPath: folder).standardizedFileURL
                    watchFolder(url.path, in: &state)
                    let parent = url.deletingLastPathComponent().path
                    // IN_MASK_ADD: the parent may itself be a watched folder, whose mask must stay.
                    let descriptor = inotify_add_watch(inotify, parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_MASK_ADD))
                    if descriptor >= 0 {
                        state.parents[descriptor, default: (parent, [])].names.insert(url.lastPathComponent)
                    }
                }
            }
        }

        /// Watches one whole folder, if it exists.
        fileprivate func watchFolder(_ path: String, in state: inout State) {
            let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_MOVE_SELF | IN_MASK_ADD
            let descriptor = inotify_add_watch(inotify, path, UInt32(mask))
            if descriptor >= 0 { state.folders[descriptor] = path }
        }

        private func start() {
            // The thread holds the watcher until `run` returns (after `stop`); the watcher does not
            // hold the thread, so a stopped watcher is freed and its inotify descriptor closed.
            FileWatcher.startThread { [self] in run() }
        }

        deinit {
            close(inotify)
            close(stopPipe.read)
            close(stopPipe.write)
        }

        /// Replaces the set of files watched (a reloaded workspace may read other data files).
        func watch(_ paths: [String]) {
            var byDirectory: [String: Set<String>] = [:]
            for path in paths {
                let url = URL(fileURLWithPath: path).standardizedFileURL
                byDirectory[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
            }
            state.withLock { state in
                for (descriptor, _) in state.watches { inotify_rm_watch(inotify, descriptor) }
                state.watches = [:]
                for (directory, names) in byDirectory {
                    let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM
                    let descriptor = inotify_add_watch(inotify, directory, UInt32(mask))
                    if descriptor >= 0 { state.watches[descriptor, default: (directory, [])].names.formUnion(names) }
                }
            }
        }

        /// The absolute paths being watched, sorted.
        var paths: [String] {
            state.withLock {
                $0.watches.values.flatMap { entry in entry.names.map { entry.directory + "/" + $0 } }.sorted()
            }
        }

        /// Stops the watching thread; no callback runs after this returns… unless one is running now.
        func stop() {
            var byte: UInt8 = 1
            _ = write(stopPipe.write, &byte, 1)
        }

        private func run() {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                var fds = [
                    pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
                ]
                let hasPending = state.withLock { !$0.pending.isEmpty }
                let ready = poll(&fds, 2, hasPending ? Int32(debounce * 1000) : -1)
                if ready < 0 && errno == EINTR { continue }
                if fds[1].revents != 0 || ready < 0 { return }
                if ready == 0 {
                    let changed = state.withLock { state -> [String] in
                        defer { state.pending = [] }
                        return state.pending.sorted()
                    }
                    if !changed.isEmpty { onChange(changed) }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                guard count > 0 else { continue }
                buffer.withUnsafeBytes { bytes in readEvents(bytes.prefix(count)) }
            }
        }

        /// Notes the watched files named by a run of `inotify_event`s (each a 16-byte header and
        /// a NUL-padded name of `len` bytes: the name is not imported into Swift).
        private func readEvents(_ bytes: UnsafeRawBufferPointer.SubSequence) {
            var offset = bytes.startIndex
            let header = MemoryLayout<inotify_event>.size
            state.withLock { state in
                while offset + header <= bytes.endIndex {
                    let descriptor = bytes.base.load(fromByteOffset: offset, as: Int32.self)
                    let length = Int(bytes.base.load(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes.base[(offset + header)..<min(offset + header + length, bytes.endIndex)].prefix
                    {
                        $0 != 0
                    }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    let mask = bytes.base.load(fromByteOffset: offset + 4, as: UInt32.self)
                    if let watch = state.watches[descriptor], watch.names.contains(name) {
                        state.pending.insert(watch.directory + "/" + name)
                    }
                    if let folder = state.folders[descriptor], state.accepts(name) {
                        state.pending.insert(folder + "/" + name)
                    }
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 { state.pending.formUnion(state.folders.values) }
                    noteFolderChange(descriptor, mask: mask, name: name, in: &state)
                    offset += header + length
                }
            }
        }
    }

    extension InotifyWatcher {
        /// Follows a watched folder going away (deleted, or renamed: the watch would follow the
        /// folder elsewhere) and coming back under its name; either way its path is reported, which
        /// means "look again".
        fileprivate func noteFolderChange(_ descriptor: Int32, mask: UInt32, name: String, in state: inout State) {
            if let folder = state.folders[descriptor], mask & UInt32(IN_IGNORED | IN_MOVE_SELF) != 0 {
                if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(inotify, descriptor) }
                state.folders[descriptor] = nil
                state.pending.insert(folder)
            }
            if let parent = state.parents[descriptor], mask & UInt32(IN_ISDIR) != 0,
                mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                parent.names.contains(name)
            {
                let folder = parent.directory == "/" ? "/" + name : parent.directory + "/" + name
                if !state.folders.values.contains(folder) { watchFolder(folder, in: &state) }
                state.pending.insert(folder)
            }
        }
    }
#endif
