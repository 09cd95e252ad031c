/// Splits a byte stream into messages: the LSP base protocol (`Content-Length: N` headers,
/// a blank line, N bytes), or — when the first byte is `{` or `[` — one JSON text per line.
///
/// A state machine fed any chunks of bytes, with no I/O. Memory is bounded: a message over
/// `maximumMessageSize` is refused from its header (or while its line grows) and its bytes
/// are skipped, never buffered; a header block over 8 KiB is refused the same way. After a
/// malformed header the framer resynchronises at the next blank line. Each message is handed
/// on in storage of its own, and the framer keeps at most `usualCapacity` bytes between
/// messages: one large message costs its own size once, not on every later message.
public struct MessageFramer: Sendable {
    /// How messages are delimited; replies use the same.
    public enum Mode: Equatable, Sendable {
        case headers
        case lines
    }

    /// What the framer found.
    public enum Event: Equatable, Sendable {
        case message([UInt8])
        /// Bytes that could not be framed; the framer has skipped them.
        case malformed(String)
    }

    public static let maximumHeaderSize = 8 << 10
    /// The most buffer capacity kept from one message to the next.
    public static let usualCapacity = 64 << 10

    public let maximumMessageSize: Int
    /// Decided by the first byte that is not white space.
    public private(set) var mode: Mode?
    private var state = State.header
    private var buffer: [UInt8] = []

    private enum State: Equatable, Sendable {
        /// Reading header lines into `buffer`.
        case header
        /// Skipping a header block that is too long, until the blank line.
        case skippingHeader(matched: Int)
        /// Reading a body of this many bytes into `buffer`.
        case body(Int)
        /// Skipping this many more bytes of a refused body.
        case skippingBody(Int)
        /// Reading a line into `buffer`.
        case line
        /// Skipping an over-long line, until its newline.
        case skippingLine
    }

    /// The capacity the framer holds on to now (for tests of its memory bound).
    public var bufferCapacity: Int { buffer.capacity }

    public init(maximumMessageSize: Int = 64 << 20) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// Consumes `bytes`, returning the messages and errors they complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
        // One specialised pass over contiguous bytes: the generic path would go through a
        // value witness for every byte (a quarter of a small request's time in the server).
        if let events = bytes.withContiguousStorageIfAvailable({ feed(contiguous: $0) }) { return events }
        return Array(bytes).withUnsafeBufferPointer { feed(contiguous: $0) }
    }

    private mutating func feed(contiguous bytes: UnsafeBufferPointer<UInt8>) -> [Event] {
        var events: [Event] = []
        var index = bytes.startIndex
        while index != bytes.endIndex {
            // Bodies and lines are taken in runs; headers and the rest byte by byte.
            if let taken = takeRun(bytes[index...], into: &events) {
                index = taken
            } else {
                consume(bytes[index], into: &events)
                index = bytes.index(after: index)
            }
        }
        return events
    }

    /// In the middle of a body or a line, appends as much of `bytes` as belongs to it at once;
    /// returns where the run ended, or nil to go byte by byte.
    private mutating func takeRun<Bytes: Collection<UInt8>>(_ bytes: Bytes, into events: inout [Event]) -> Bytes.Index?
    {
        switch state {
        case .body(let length):
            let wanted = length - buffer.count
            let end = bytes.index(bytes.startIndex, offsetBy: wanted, limitedBy: bytes.endIndex) ?? bytes.endIndex
            buffer.append(contentsOf: bytes[bytes.startIndex..<end])
            if buffer.count == length {
                handOn(into: &events)
                state = .header
            }
            return end
        case .line:
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
                guard buffer.count + bytes.count < maximumMessageSize else { return nil }
                buffer.append(contentsOf: bytes)
                return bytes.endIndex
            }
            guard newline != bytes.startIndex,
                buffer.count + bytes.distance(from: bytes.startIndex, to: newline) < maximumMessageSize
            else { return nil }
            buffer.append(contentsOf: bytes[bytes.startIndex..<newline])
            return newline
        default:
            return nil
        }
    }

    /// Flushes what is left at the end of input: a last line without its newline is a
    /// message; a partial header or body is an error.
    public mutating func finish() -> [Event] {
        defer { buffer = [] }
        switch state {
        case .line where !buffer.allSatisfy(Self.isWhitespace):
            return [.message(buffer)]
        case .body(let length):
            return [.malformed("the input ended \(length - buffer.count) bytes short of a \(length)-byte message")]
        case .header where !buffer.allSatisfy(Self.isWhitespace):
            return [.malformed("the input ended inside a message header")]
        default:
            return []
        }
    }

    private mutating func consume(_ byte: UInt8, into events: inout [Event]) {
        if mode == nil {
            if Self.isWhitespace(byte) { return }
            mode = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? .lines : .headers
            state = mode == .lines ? .line : .header
        }
        switch state {
        case .line:
            if byte == UInt8(ascii: "\n") {
                if buffer.last == UInt8(ascii: "\r") { buffer.removeLast() }
                if buffer.allSatisfy(Self.isWhitespace) {
                    buffer.removeAll(keepingCapacity: buffer.capacity <= Self.usualCapacity)
                } else {
                    handOn(into: &events)
                }
            } else if buffer.count >= maximumMessageSize {
                events.append(.malformed("a message is larger than the \(maximumMessageSize)-byte limit"))
                buffer = []
                state = .skippingLine
            } else {
                buffer.append(byte)
            }
        case .skippingLine:
            if byte == UInt8(ascii: "\n") { state = .line }
        case .header:
            buffer.append(byte)
            if buffer.count >= 4, buffer.suffix(4).elementsEqual([13, 10, 13, 10]) {
                headerComplete(into: &events)
            } else if buffer.count >= 2, buffer.suffix(2).elementsEqual([10, 10]) {
                headerComplete(into: &events)
            } else if buffer.count > Self.maximumHeaderSize {
                events.append(.malformed("a message header is longer than \(Self.maximumHeaderSize) bytes"))
                buffer = []
                state = .skippingHeader(matched: 0)
            }
        case .skippingHeader(let matched):
            let pattern: [UInt8] = [13, 10, 13, 10]
            let next = byte == pattern[matched] ? matched + 1 : (byte == 13 ? 1 : 0)
            state = next == 4 ? .header : .skippingHeader(matched: next)
        case .body(let length):
            buffer.append(byte)
            if buffer.count == length {
                handOn(into: &events)
                state = .header
            }
        case .skippingBody(let remaining):
            state = remaining > 1 ? .skippingBody(remaining - 1) : .header
        }
    }

    /// Hands on the message in `buffer` and empties it. A message of the usual size is copied
    /// into storage of exactly its size and the buffer keeps its capacity; a larger one takes
    /// the buffer's storage with it (no copy) and the framer starts again from an empty buffer.
    private mutating func handOn(into events: inout [Event]) {
        guard buffer.capacity <= Self.usualCapacity else {
            events.append(.message(buffer))
            buffer = []
            return
        }
        let message = [UInt8](unsafeUninitializedCapacity: buffer.count) { copy, count in
            count = buffer.withUnsafeBufferPointer { copy.initialize(fromContentsOf: $0) }
        }
        events.append(.message(message))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Reads the header block in `buffer` and moves on to its body (or past it).
    private mutating func headerComplete(into events: inout [Event]) {
        let text = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll(keepingCapacity: true)
        var length: Int?
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else {
                if line.allSatisfy(\.isWhitespace) { continue }
                events.append(.malformed("a header line without ':': \(line.prefix(80))"))
                state = .header
                return
            }
            let name = line[..<colon].trimmingSpaces.lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                guard let parsed = Int(value), parsed >= 0 else {
                    events.append(.malformed("Content-Length is not a non-negative whole number: \(value.prefix(40))"))
                    state = .header
                    return
                }
                length = parsed
            }
        }
        if text.allSatisfy(\.isWhitespace) {
            state = .header
            return
        }
        guard let length else {
            events.append(.malformed("a message header without Content-Length"))
            state = .header
            return
        }
        if length > maximumMessageSize {
            events.append(
                .malformed("a message of \(length) bytes is larger than the \(maximumMessageSize)-byte limit"))
            state = length > 0 ? .skippingBody(length) : .header
        } else if length == 0 {
            events.append(.message([]))
            state = .header
        } else {
            buffer.reserveCapacity(length)
            state = .body(length)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Frames one outgoing message in `mode`.
    public static func frame(_ body: [UInt8], mode: Mode) -> [UInt8] {
        switch mode {
        case .lines: return body + [UInt8(ascii: "\n")]
        case .headers: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
