import Foundation
import JSONRPC

/// Writes framed protocol messages to one file descriptor, from any thread, whole.
final class ProtocolOutput: @unchecked Sendable {  // Unchecked: every write happens under `lock`.
    private let fileDescriptor: Int32
    private let lock = NSLock()
    private var mode = MessageFramer.Mode.lines

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Replies use the framing the client chose.
    func use(_ mode: MessageFramer.Mode) {
        lock.withLock { self.mode = mode }
    }

    func send(_ body: [UInt8]) {
        lock.withLock {
            let framed = MessageFramer.frame(body, mode: mode)
            framed.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
}
