internal import CSystemShims
import Platform

/// One end of a socket pair between the workbench and a plugin process: whole messages of at
/// most `maximumMessageSize` bytes, each with at most one file descriptor.
///
/// The framing follows the socket's type, so both ends agree without being told:
/// - `SOCK_SEQPACKET` (Linux): the kernel keeps message boundaries; one `sendmsg` and one
///   `recvmsg` per message.
/// - `SOCK_STREAM` (the portable path, macOS): each message is a 4-byte little-endian length
///   and its bytes; a descriptor travels with the message's first byte, and a receiver reads
///   exactly one message's bytes at a time, so a descriptor is never taken with the bytes of
///   another message.
final class Channel {
    let fileDescriptor: Int32
    let isStream: Bool
    private var buffer = [UInt8](repeating: 0, count: maximumMessageSize)

    /// Takes ownership of `fileDescriptor`.
    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        isStream = wb_socket_is_stream(fileDescriptor) == 1
    }

    deinit { close(fileDescriptor) }

    /// A connected pair of the kind this process uses: `SOCK_SEQPACKET` on Linux, `SOCK_STREAM`
    /// where `Portability.isPortable`. Both ends are close-on-exec.
    static func makePair() throws(ChannelError) -> (Int32, Int32) {
        var pair: [Int32] = [-1, -1]
        if Portability.isPortable {
            guard wb_stream_pair(&pair) == 0 else { throw .system("socketpair", errno) }
        } else {
            guard wb_seqpacket_pair(&pair) == 0 else { throw .system("socketpair", errno) }
        }
        return (pair[0], pair[1])
    }

    /// Sends one message, with `descriptor` if it is not -1.
    func send(_ bytes: [UInt8], descriptor: Int32 = -1) throws(ChannelError) {
        guard bytes.count <= maximumMessageSize else { throw .protocolViolation("a message of \(bytes.count) bytes") }
        guard isStream else {
            let sent = bytes.withUnsafeBytes { wb_send_with_fd(fileDescriptor, $0.baseAddress, $0.count, descriptor) }
            if sent < 0 { throw Self.sendError(errno) }
            return
        }
        let header = withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { Array($0) }
        let total = header.count + bytes.count
        var offset = 0
        var sent = bytes.withUnsafeBytes {
            wb_send_parts_with_fd(fileDescriptor, header, header.count, $0.baseAddress, $0.count, descriptor)
        }
        // A stream may take part of a message: the rest follows, without the descriptor.
        while sent >= 0 {
            offset += sent
            guard offset < total else { return }
            let head = offset < header.count ? Array(header[offset...]) : []
            let bodyOffset = max(0, offset - header.count)
            sent = bytes.withUnsafeBytes {
                wb_send_parts_with_fd(
                    fileDescriptor, head, head.count, $0.baseAddress.map { $0 + bodyOffset }, $0.count - bodyOffset, -1)
            }
        }
        if sent < 0 { throw Self.sendError(errno) }
    }

    private static func sendError(_ code: Int32) -> ChannelError {
        code == EPIPE || code == ECONNRESET ? .closed : .system("sendmsg", code)
    }

    /// Receives one message (blocking); its descriptor, if it came with one, is the caller's.
    func receive() throws(ChannelError) -> (bytes: [UInt8], descriptor: Int32) {
        guard let message = try receive(waiting: true) else { throw .closed }
        return message
    }

    /// Receives one message if one is waiting; nil if none is.
    func receiveIfReady() throws(ChannelError) -> (bytes: [UInt8], descriptor: Int32)? {
        try receive(waiting: false)
    }

    private func receive(waiting: Bool) throws(ChannelError) -> (bytes: [UInt8], descriptor: Int32)? {
        guard isStream else {
            var descriptor: Int32 = -1
            let count = buffer.withUnsafeMutableBytes {
                wb_receive_with_fd(fileDescriptor, $0.baseAddress, $0.count, &descriptor, waiting ? 0 : 1)
            }
            if count < 0 {
                if !waiting && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
                throw errno == ECONNRESET ? .closed : .system("recvmsg", errno)
            }
            if count == 0 { throw .closed }
            return (Array(buffer[..<count]), descriptor)
        }
        return try receiveFramed(waiting: waiting)
    }

    /// One length-prefixed message from a stream. Only the first read may find nothing
    /// waiting; once a message has begun, the rest is waited for (its sender is writing it).
    private func receiveFramed(waiting: Bool) throws(ChannelError) -> (bytes: [UInt8], descriptor: Int32)? {
        var descriptor: Int32 = -1
        do throws(ChannelError) {
            guard try read(into: 0..<4, waiting: waiting, descriptor: &descriptor) else { return nil }
            let length = Int(
                UInt32(littleEndian: buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt32.self) }))
            guard length <= maximumMessageSize else { throw .protocolViolation("a message of \(length) bytes") }
            if length > 0 { _ = try read(into: 0..<length, waiting: true, descriptor: &descriptor) }
            return (Array(buffer[..<length]), descriptor)
        } catch {
            if descriptor >= 0 { close(descriptor) }
            throw error
        }
    }

    /// Fills `buffer[range]` from the stream, keeping the first descriptor that comes with it
    /// (closing any other); false if `waiting` is off and nothing had arrived.
    private func read(into range: Range<Int>, waiting: Bool, descriptor: inout Int32) throws(ChannelError) -> Bool {
        var filled = range.lowerBound
        while filled < range.upperBound {
            var received: Int32 = -1
            let nonblocking: Int32 = !waiting && filled == range.lowerBound ? 1 : 0
            let count = buffer.withUnsafeMutableBytes {
                wb_receive_with_fd(
                    fileDescriptor, $0.baseAddress! + filled, range.upperBound - filled, &received, nonblocking)
            }
            if count < 0 {
                if nonblocking == 1 && (errno == EAGAIN || errno == EWOULDBLOCK) { return false }
                throw errno == ECONNRESET ? .closed : .system("recvmsg", errno)
            }
            if received >= 0 {
                if descriptor < 0 { descriptor = received } else { close(received) }
            }
            if count == 0 { throw .closed }
            filled += count
        }
        return true
    }
}
