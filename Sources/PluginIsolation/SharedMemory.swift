internal import CSystemShims
import Platform
import PluginHost

/// A memfd mapped into this process: memory another process can map too, passed as a file
/// descriptor. Sealed against resizing, so neither side can make the other fault on access.
///
/// On the portable path (`Portability.isPortable`, always on Darwin) it is `shm_open` memory
/// unlinked at once instead: the same sharing, but no seals (only Linux has them), so a peer
/// could still shrink it — the plugin is the untrusted side, and its sandbox is what stops that.
final class SharedMemory: ReusableMemory {
    let fileDescriptor: Int32
    let base: UnsafeMutableRawPointer
    let size: Int

    /// Makes a fresh memfd of `size` bytes, mapped read-write. `populate` allocates and maps
    /// every page at once (memory about to be written whole), instead of one fault per page.
    init(creating size: Int, name: String, populate: Bool = false) throws(ChannelError) {
        let portable = Portability.isPortable
        let fd = portable ? wb_shared_memory_create() : wb_memfd_create(name)
        guard fd >= 0 else { throw .system(portable ? "shm_open" : "memfd_create", errno) }
        guard ftruncate(fd, off_t(max(size, 1))) == 0, portable || wb_memfd_seal_size(fd) == 0 else {
            let error = errno
            close(fd)
            throw .system("ftruncate", error)
        }
        #if os(Linux)
            // Only Linux can allocate a shared file's pages ahead and map them all at once.
            let populate = populate && !portable
            let populateFlag = populate ? MAP_POPULATE : 0
            if populate {
                let error = posix_fallocate(fd, 0, off_t(max(size, 1)))
                guard error == 0 else {
                    close(fd)
                    throw .system("fallocate", error)
                }
            }
        #else
            let populateFlag: Int32 = 0
        #endif
        guard
            let mapped = mmap(
                nil, max(size, 1), PROT_READ | PROT_WRITE, MAP_SHARED | populateFlag, fd, 0),
            mapped != MAP_FAILED
        else {
            let error = errno
            close(fd)
            throw .system("mmap", error)
        }
        fileDescriptor = fd
        base = mapped
        self.size = size
    }

    /// Maps a memfd received from the peer; its size is what the file says, not what the peer
    /// claims. Takes ownership of `fd`. `populate` maps every page at once (data about to be
    /// read whole), instead of one fault per page.
    init(receiving fd: Int32, writable: Bool, populate: Bool = false) throws(ChannelError) {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size > 0, status.st_size < 1 << 40 else {
            close(fd)
            throw .protocolViolation("a shared buffer of no usable size")
        }
        let size = Int(status.st_size)
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        #if os(Linux)
            let populateFlag = populate && !Portability.isPortable ? MAP_POPULATE : 0
        #else
            let populateFlag: Int32 = 0
        #endif
        guard let mapped = mmap(nil, size, protection, MAP_SHARED | populateFlag, fd, 0),
            mapped != MAP_FAILED
        else {
            let error = errno
            close(fd)
            throw .system("mmap", error)
        }
        fileDescriptor = fd
        base = mapped
        self.size = size
    }

    deinit {
        munmap(base, max(size, 1))
        close(fileDescriptor)
    }

    /// The bytes `offset..<offset + count`, or nil if they do not lie inside the mapping.
    func bytes(at offset: Int, count: Int) -> UnsafeRawBufferPointer? {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { return nil }
        return UnsafeRawBufferPointer(start: base + offset, count: count)
    }
}
