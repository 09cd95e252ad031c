import Platform

/// What `stat` says of a file, as far as telling a change goes: which file it is (device and
/// inode: a rename into place is a new one), its size, and when its contents and its inode
/// last changed.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: (seconds: Int, nanoseconds: Int)
    var changed: (seconds: Int, nanoseconds: Int)
    var isDirectory: Bool

    /// The stamp of the file at `path` (following links), or nil if there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            modified = (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
            changed = (Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec))
        #else
            modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
            changed = (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
        #endif
        isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether both name the same file (a folder replaced by another of its name is not).
    func isSameFile(as other: FileStamp) -> Bool { device == other.device && inode == other.inode }

    static func == (a: FileStamp, b: FileStamp) -> Bool {
        a.isSameFile(as: b) && a.size == b.size && a.modified == b.modified && a.changed == b.changed
            && a.isDirectory == b.isDirectory
    }
}
