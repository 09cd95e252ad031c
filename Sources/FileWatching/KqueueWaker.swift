#if canImport(Darwin)
    import Platform

    /// Wakes a `SnapshotWatcher` when kqueue says one of its files or folders changed (written,
    /// extended, renamed, deleted, its attributes changed), so a change is seen at once rather
    /// than at the next timed scan. The scan still decides what changed.
    final class KqueueWaker: @unchecked Sendable {
        // Unchecked: only the watching thread of its `SnapshotWatcher` calls it.
        private let queue: Int32
        private var opened: [String: Int32] = [:]

        init() throws(FileWatcherError) {
            queue = kqueue()
            guard queue >= 0 else {
                throw FileWatcherError(message: "kqueue failed: \(String(cString: strerror(errno)))")
            }
        }

        deinit {
            for fd in opened.values { close(fd) }
            close(queue)
        }

        /// Watches exactly `paths` (and folders' parents, so a folder that comes back is seen):
        /// each is opened again, since a file renamed into place is a new one.
        func watch(_ paths: [String]) {
            for fd in opened.values { close(fd) }
            opened = [:]
            let parents = paths.map { path -> String in
                let parent = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
                return parent.isEmpty ? "/" : parent
            }
            for path in Set(paths + parents) {
                let fd = open(path, O_EVTONLY)
                guard fd >= 0 else { continue }
                opened[path] = fd
                var change = kevent(
                    ident: UInt(fd), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                    fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_ATTRIB),
                    data: 0, udata: nil)
                _ = kevent(queue, &change, 1, nil, 0, nil)
            }
        }

        /// Waits up to `seconds` for a change or for `stopping` to become readable; true if it did.
        func wait(seconds: Double, stopping: Int32) -> Bool {
            var stop = kevent(
                ident: UInt(stopping), filter: Int16(EVFILT_READ), flags: UInt16(EV_ADD), fflags: 0, data: 0,
                udata: nil)
            _ = kevent(queue, &stop, 1, nil, 0, nil)
            var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
            var events = [kevent](repeating: kevent(), count: 16)
            let count = kevent(queue, nil, 0, &events, Int32(events.count), &timeout)
            guard count > 0 else { return false }
            return events[..<Int(count)].contains { $0.ident == UInt(stopping) && $0.filter == Int16(EVFILT_READ) }
        }
    }
#endif
