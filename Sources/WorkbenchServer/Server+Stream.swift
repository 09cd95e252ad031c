import DescriptorIO
import Foundation
import JSONRPC

extension Server {
    /// Serves a byte stream — `workbench serve` on standard input and output — until `exit` or
    /// the end of input, and returns the exit status (see `stop`).
    ///
    /// The calling thread reads `input` and frames it (LSP headers, or one message per line when
    /// the first byte is `{` or `[`); replies use the client's framing. Messages over
    /// `maximumMessageSize` are refused from their header, without being read into memory.
    public func serve(input: Int32, output: ProtocolOutput, maximumMessageSize: Int = 64 << 20) -> Int32 {
        start()
        var framer = MessageFramer(maximumMessageSize: maximumMessageSize)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        reading: while !exitRequested {
            let count = RetryingIO.read(input, into: &buffer)
            let events = count > 0 ? framer.feed(buffer[..<count]) : framer.finish()
            if let mode = framer.mode { output.use(mode) }
            for event in events {
                switch event {
                case .message(let bytes): receive(bytes)
                case .malformed(let reason): receiveMalformed(reason)
                }
                if exitRequested { break reading }
            }
            if count <= 0 { break }
        }
        return stop()
    }
}
