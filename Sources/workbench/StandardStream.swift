import DescriptorIO
import Foundation

/// Buffered writes to standard output or standard error.
final class StandardStream: @unchecked Sendable {
    // Unchecked: used by one thread at a time (the main thread, or `run`'s `BackgroundWriter` until `finish`).
    static let output = StandardStream(fileDescriptor: 1, bufferLimit: 1 << 16)
    static let error = StandardStream(fileDescriptor: 2, bufferLimit: 0)

    private let fileDescriptor: Int32
    private let bufferLimit: Int
    private var buffer: [UInt8] = []

    private init(fileDescriptor: Int32, bufferLimit: Int) {
        self.fileDescriptor = fileDescriptor
        self.bufferLimit = bufferLimit
    }

    /// When the stream is a pipe, asks for a pipe of 1 MiB (the unprivileged limit), the size
    /// of the pieces `workbench run` writes, so that a piece goes through in one wake-up of the
    /// reader instead of sixteen. Anything else, or a refusal, is left as it is.
    func enlargePipe() {
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
        _ = fcntl(fileDescriptor, Self.setPipeSize, Int32(1 << 20))
    }

    /// F_SETPIPE_SZ (Linux's F_LINUX_SPECIFIC_BASE + 7), which Glibc's module does not export.
    private static let setPipeSize: Int32 = 1031

    /// Appends `bytes` and a newline; flushes when the buffer is full.
    func writeLine(_ bytes: ArraySlice<UInt8>) {
        buffer.append(contentsOf: bytes)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count > bufferLimit { flush() }
    }

    /// Appends `bytes` as they are; flushes when the buffer is full. Pieces at least as large
    /// as the buffer go out directly, without a copy.
    func append(_ bytes: ArraySlice<UInt8>) {
        guard bytes.count < bufferLimit else {
            flush()
            _ = bytes.withUnsafeBytes { RetryingIO.writeAll(fileDescriptor, $0) }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count > bufferLimit { flush() }
    }

    /// Appends `bytes` as they are and flushes at once (for progress lines).
    func writeNow(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        flush()
    }

    /// Writes everything buffered.
    func flush() {
        RetryingIO.writeAll(fileDescriptor, buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
