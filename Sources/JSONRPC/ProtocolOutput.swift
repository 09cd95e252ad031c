import DescriptorIO
import Foundation
import Synchronization

/// Writes framed protocol messages to one file descriptor, from any thread, whole: the
/// output of `workbench serve` on standard output.
public final class ProtocolOutput: MessageOutput, Sendable {
    private let fileDescriptor: Int32
    /// The framing; held for each whole write, so messages never interleave.
    private let mode = Mutex(MessageFramer.Mode.lines)

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Replies use the framing the client chose.
    public func use(_ mode: MessageFramer.Mode) {
        self.mode.withLock { $0 = mode }
    }

    public func send(_ body: [UInt8]) {
        send(parts: [body])
    }

    /// Writes the message and its framing in one gathered write (`writev`): the parts are
    /// never copied into one buffer. Gives up if the client has gone.
    public func send(parts: [[UInt8]]) {
        mode.withLock { mode in
            switch mode {
            case .headers:
                let length = parts.reduce(0) { $0 + $1.count }
                RetryingIO.writeAll(fileDescriptor, parts: [Array("Content-Length: \(length)\r\n\r\n".utf8)] + parts)
            case .lines:
                RetryingIO.writeAll(fileDescriptor, parts: parts + [[UInt8(ascii: "\n")]])
            }
        }
    }
}
