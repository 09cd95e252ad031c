import DescriptorIO

/// Reads framed messages from a file descriptor (standard input) until its end: what
/// `MessageConnection.serve`, the one read loop of every byte-stream server (`workbench serve`,
/// `workbench mcp`), reads with.
public struct MessageReader {
    private let input: Int32
    private var framer: MessageFramer
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var isAtEnd = false

    /// Messages over `maximumMessageSize` are refused from their header, without being read into memory.
    public init(input: Int32, maximumMessageSize: Int) {
        self.input = input
        self.framer = MessageFramer(maximumMessageSize: maximumMessageSize)
    }

    /// The client's framing, once its first byte is read: replies use the same.
    public var mode: MessageFramer.Mode? { framer.mode }

    /// Blocks for the next read and returns the messages and framing errors it completes, in
    /// order (maybe none); nil once the input has ended and everything read was returned.
    public mutating func next() -> [MessageFramer.Event]? {
        guard !isAtEnd else { return nil }
        let count = RetryingIO.read(input, into: &buffer)
        if count > 0 { return framer.feed(buffer[..<count]) }
        isAtEnd = true
        return framer.finish()
    }
}
