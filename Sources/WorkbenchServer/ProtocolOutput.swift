import DescriptorIO
import Foundation
import JSONRPC
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

    /// A reply larger than this is written in place, its framing around it, rather than
    /// copied into one framed buffer: the writer never holds a large reply twice.
    static let copyLimit = 64 << 10

    public func send(_ body: [UInt8]) {
        mode.withLock { mode in
            guard body.count > Self.copyLimit else {
                writeAll(MessageFramer.frame(body, mode: mode))
                return
            }
            switch mode {
            case .headers:
                writeAll(Array("Content-Length: \(body.count)\r\n\r\n".utf8))
                writeAll(body)
            case .lines:
                writeAll(body)
                writeAll([UInt8(ascii: "\n")])
            }
        }
    }

    /// Writes all of `bytes`; gives up if the client has gone.
    private func writeAll(_ bytes: [UInt8]) {
        DescriptorIO.writeAll(fileDescriptor, bytes)
    }
}
