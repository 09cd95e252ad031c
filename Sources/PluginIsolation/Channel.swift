internal import CSystemShims
import Glibc

/// One end of a SEQPACKET socket pair: whole messages, each with at most one file descriptor.
final class Channel {
    let fileDescriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: maximumMessageSize)

    /// Takes ownership of `fileDescriptor`.
    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    deinit { close(fileDescriptor) }

    /// Sends one message, with `descriptor` if it is not -1.
    func send(_ bytes: [UInt8], descriptor: Int32 = -1) throws(ChannelError) {
        guard bytes.count <= maximumMessageSize else { throw .protocolViolation("a message of \(bytes.count) bytes") }
        let sent = bytes.withUnsafeBytes { wb_send_with_fd(fileDescriptor, $0.baseAddress, $0.count, descriptor) }
        if sent < 0 { throw errno == EPIPE || errno == ECONNRESET ? .closed : .system("sendmsg", errno) }
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
}
