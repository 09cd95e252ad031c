import DescriptorIO

/// Reads framed messages from a file descriptor (standard input) until its end: the one read
/// loop of every byte-stream server (`workbench serve`, `workbench mcp`).
public struct MessageReader {
    private let input: Int32
    private var framer: MessageFramer
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// Messages over `maximumMessageSize` are refused from their header, without being read into memory.
    public init(input: Int32, maximumMessageSize: Int) {
        self.input = input
        self.framer = MessageFramer(maximumMessageSize: maximumMessageSize)
    }

    /// Calls `handle` with each message or framing error in order, until the input ends or
    /// `handle` returns false; `framing` learns the client's framing as soon as it is known
    /// (replies use the same).
    public mutating func read(
        framing: (MessageFramer.Mode) -> Void = { _ in }, _ handle: (MessageFramer.Event) -> Bool
    ) {
        while true {
            let count = DescriptorIO.read(input, into: &buffer)
            let events = count > 0 ? framer.feed(buffer[..<count]) : framer.finish()
            if let mode = framer.mode { framing(mode) }
            for event in events where !handle(event) { return }
            if count <= 0 { return }
        }
    }
}
