import Platform

/// Reads and whole writes on a raw file descriptor, retrying interrupted calls: the one copy
/// of the loops every pipe, socket and file writer in the workbench needs.
public enum RetryingIO {
    /// Writes all of `bytes`, retrying short and interrupted writes.
    ///
    /// - Returns: true when every byte was written; false when the descriptor failed or was
    ///   closed by its reader (`errno` says why), after writing what it could.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Writes all of `bytes`; see `writeAll(_:_:)` for raw buffers.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Reads up to `buffer.count` bytes, retrying when interrupted.
    ///
    /// - Returns: the count read; 0 at the end of input; -1 on an error (`errno` says which).
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Reads into the start of `buffer`; see `read(_:into:)`.
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { read(descriptor, into: $0) }
    }
}

private let systemRead = Platform.read
