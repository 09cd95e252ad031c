import Foundation

/// Splits `workbench serve`'s output into messages, in the framing the client chose.
///
/// The tools' own reader, not the server's `MessageFramer`: a framing fault in the server then
/// shows up as one instead of being shared by both ends. It is strict where the server must be
/// exact: every line is a message (an empty one too), and a header block without a usable
/// `Content-Length` is reported, then skipped. A state machine fed chunks of bytes, with no I/O;
/// a message over `maximumMessageSize` is reported and skipped, never buffered.
public struct ReplyFramer: Sendable {
    /// What the framer found.
    public enum Event: Equatable, Sendable {
        case message([UInt8])
        /// Bytes that could not be framed (why); the framer has skipped them.
        case malformed(String)
    }

    public static let maximumHeaderSize = 8 << 10

    public let framing: Framing
    public let maximumMessageSize: Int
    private var state: State
    private var buffer: [UInt8] = []

    private enum State: Equatable, Sendable {
        /// Reading a line into `buffer`.
        case line
        /// Skipping an over-long line, until its newline.
        case skippingLine
        /// Reading a header block into `buffer`.
        case header
        /// Skipping an over-long header block; `matched` bytes of its blank line seen.
        case skippingHeader(matched: Int)
        /// Reading a body of this many bytes into `buffer`.
        case body(Int)
        /// Skipping this many more bytes of an over-long body.
        case skippingBody(Int)
    }

    public init(framing: Framing, maximumMessageSize: Int = 1 << 30) {
        self.framing = framing
        self.maximumMessageSize = maximumMessageSize
        state = framing == .lines ? .line : .header
    }

    /// Consumes `bytes`, returning the messages and faults they complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
        var events: [Event] = []
        if bytes.withContiguousStorageIfAvailable({ feed(contiguous: $0, into: &events) }) == nil {
            Array(bytes).withUnsafeBufferPointer { feed(contiguous: $0, into: &events) }
        }
        return events
    }

    /// What is left at the end of the output: a partial message is a fault.
    public mutating func finish() -> [Event] {
        defer {
            buffer = []
            state = framing == .lines ? .line : .header
        }
        switch state {
        case .line where !buffer.isEmpty:
            return [.malformed("the output ended inside a line (\(buffer.count) bytes without a newline)")]
        case .header where !buffer.isEmpty:
            return [.malformed("the output ended inside a message header")]
        case .body(let length):
            return [.malformed("the output ended \(length - buffer.count) bytes short of a \(length)-byte message")]
        default:
            return []
        }
    }

    private mutating func feed(contiguous bytes: UnsafeBufferPointer<UInt8>, into events: inout [Event]) {
        var index = 0
        while index < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[index...])
            switch state {
            case .line:
                index += takeLine(rest, into: &events)
            case .skippingLine:
                if let newline = Self.newline(in: rest) {
                    state = .line
                    index += newline + 1
                } else {
                    index = bytes.count
                }
            case .header:
                buffer.append(rest[0])
                index += 1
                if buffer.count >= 4, buffer.suffix(4).elementsEqual([13, 10, 13, 10]) {
                    headerComplete(into: &events)
                } else if buffer.count > Self.maximumHeaderSize {
                    events.append(.malformed("a message header is longer than \(Self.maximumHeaderSize) bytes"))
                    buffer = []
                    state = .skippingHeader(matched: 0)
                }
            case .skippingHeader(let matched):
                let blankLine: [UInt8] = [13, 10, 13, 10]
                let next = rest[0] == blankLine[matched] ? matched + 1 : (rest[0] == 13 ? 1 : 0)
                state = next == 4 ? .header : .skippingHeader(matched: next)
                index += 1
            case .body(let length):
                let taken = min(length - buffer.count, rest.count)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: rest[..<taken]))
                index += taken
                if buffer.count == length {
                    events.append(.message(buffer))
                    buffer = []
                    state = .header
                }
            case .skippingBody(let remaining):
                let skipped = min(remaining, rest.count)
                index += skipped
                state = remaining > skipped ? .skippingBody(remaining - skipped) : .header
            }
        }
    }

    /// Takes bytes of the current line from `bytes`, handing on the line if it ends there;
    /// returns how many bytes it took.
    private mutating func takeLine(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [Event]) -> Int {
        guard let newline = Self.newline(in: bytes) else {
            if buffer.count + bytes.count > maximumMessageSize {
                events.append(.malformed("a line is longer than the \(maximumMessageSize)-byte limit"))
                buffer = []
                state = .skippingLine
            } else {
                buffer.append(contentsOf: bytes)
            }
            return bytes.count
        }
        // Rebased, so that the copies below are whole-block copies, not byte by byte.
        let line = UnsafeBufferPointer(rebasing: bytes[..<newline])
        if buffer.count + newline > maximumMessageSize {
            events.append(.malformed("a line is longer than the \(maximumMessageSize)-byte limit"))
        } else if buffer.isEmpty {
            // The usual case, a whole reply in one read: one copy.
            events.append(.message(Array(line)))
        } else {
            buffer.append(contentsOf: line)
            events.append(.message(buffer))
        }
        buffer = []
        return newline + 1
    }

    /// Reads the header block in `buffer` and moves on to its body (or past a faulty block).
    private mutating func headerComplete(into events: inout [Event]) {
        let text = String(decoding: buffer.dropLast(4), as: UTF8.self)
        buffer = []
        state = .header
        var length: Int?
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                return events.append(.malformed("a header line without ':': \(line.prefix(80))"))
            }
            guard line[..<colon].lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard let parsed = Int(value), parsed >= 0 else {
                return events.append(.malformed("Content-Length is not a whole number: \(value.prefix(40))"))
            }
            length = parsed
        }
        guard let length else { return events.append(.malformed("a message header without Content-Length")) }
        if length > maximumMessageSize {
            events.append(.malformed("a \(length)-byte message is over the \(maximumMessageSize)-byte limit"))
            state = .skippingBody(length)
        } else if length == 0 {
            events.append(.message([]))
        } else {
            buffer.reserveCapacity(length)
            state = .body(length)
        }
    }

    /// The offset of the first newline in `bytes` (`memchr`: replies are kilobytes long).
    private static func newline(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let start = bytes.baseAddress, let found = memchr(start, 0x0A, bytes.count) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(start)
    }
}
