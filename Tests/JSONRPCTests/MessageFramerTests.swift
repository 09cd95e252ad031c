import JSONRPC
import Testing

struct MessageFramerTests {
    static func framed(_ body: String) -> [UInt8] { MessageFramer.frame(Array(body.utf8), mode: .headers) }

    static let three: [UInt8] =
        framed(#"{"a":1}"#)
        + Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n[]".utf8)
        + framed(#"{"é":"ü"}"#)
    static let expected: [MessageFramer.Event] = [
        .message(Array(#"{"a":1}"#.utf8)), .message(Array("[]".utf8)), .message(Array(#"{"é":"ü"}"#.utf8)),
    ]

    @Test func headerFramedMessagesComeOutWholeHoweverTheBytesArrive() {
        var whole = MessageFramer()
        #expect(whole.feed(Self.three) == Self.expected)
        #expect(whole.mode == .headers)

        var byteByByte = MessageFramer()
        #expect(Self.three.flatMap { byteByByte.feed([$0]) } == Self.expected)

        for split in stride(from: 1, to: Self.three.count, by: 7) {
            var chunked = MessageFramer()
            #expect(chunked.feed(Self.three[..<split]) + chunked.feed(Self.three[split...]) == Self.expected)
        }
    }

    @Test func aFirstBraceMeansOneMessagePerLine() {
        var framer = MessageFramer()
        let input = Array("{\"a\":1}\n\n[1,\r\n  {\"b\":2}\r\n{\"c\":".utf8)
        #expect(
            framer.feed(input) == [
                .message(Array("{\"a\":1}".utf8)), .message(Array("[1,".utf8)), .message(Array("  {\"b\":2}".utf8)),
            ])
        #expect(framer.mode == .lines)
        #expect(framer.finish() == [.message(Array("{\"c\":".utf8))])
    }

    @Test func linesComeOutWholeHoweverTheBytesArrive() {
        let input = Array("{\"a\":1}\n{\"b\":[2,3]}\r\n\n[4]\n".utf8)
        let expected: [MessageFramer.Event] = [
            .message(Array("{\"a\":1}".utf8)), .message(Array("{\"b\":[2,3]}".utf8)), .message(Array("[4]".utf8)),
        ]
        for split in 1..<input.count {
            var framer = MessageFramer()
            #expect(framer.feed(input[..<split]) + framer.feed(input[split...]) == expected, "split at \(split)")
        }
        var byteByByte = MessageFramer()
        #expect(input.flatMap { byteByByte.feed([$0]) } == expected)
    }

    @Test func anOversizedContentLengthIsRefusedAndItsBytesSkipped() {
        var framer = MessageFramer(maximumMessageSize: 16)
        let input =
            Array("Content-Length: 20\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 20)
            + Self.framed("{}")
        #expect(
            framer.feed(input) == [
                .malformed("a message of 20 bytes is larger than the 16-byte limit"), .message(Array("{}".utf8)),
            ])
    }

    @Test func aHugeContentLengthIsNotAllocated() {
        var framer = MessageFramer()
        #expect(
            framer.feed(Array("Content-Length: 99999999999999\r\n\r\n".utf8))
                == [.malformed("a message of 99999999999999 bytes is larger than the 67108864-byte limit")])
    }

    @Test(arguments: [
        ("Content-Length: abc\r\n\r\n", "Content-Length is not a non-negative whole number: abc"),
        ("Content-Length: -5\r\n\r\n", "Content-Length is not a non-negative whole number: -5"),
        ("Content-Type: text/plain\r\n\r\n", "a message header without Content-Length"),
        ("garbage\r\n\r\n", "a header line without ':': garbage"),
    ])
    func malformedHeadersAreReportedAndTheNextMessageStillArrives(header: String, message: String) {
        var framer = MessageFramer()
        #expect(
            framer.feed(Array(header.utf8) + Self.framed("{}")) == [.malformed(message), .message(Array("{}".utf8))])
    }

    @Test func anEndlessHeaderIsCutOffAndSkippedToTheBlankLine() {
        var framer = MessageFramer()
        let input = Array(repeating: UInt8(ascii: "h"), count: 10_000) + Array("\r\n\r\n".utf8) + Self.framed("{}")
        #expect(
            framer.feed(input) == [
                .malformed("a message header is longer than 8192 bytes"), .message(Array("{}".utf8)),
            ])
    }

    @Test func anOverlongLineIsRefusedAndTheNextLineStillArrives() {
        var framer = MessageFramer(maximumMessageSize: 8)
        #expect(
            framer.feed(Array("{\"x\":\"0123456789\"}\n{}\n".utf8))
                == [.malformed("a message is larger than the 8-byte limit"), .message(Array("{}".utf8))])
    }

    @Test func inputEndingMidMessageIsReported() {
        var framer = MessageFramer()
        _ = framer.feed(Array("Content-Length: 10\r\n\r\n{\"a\"".utf8))
        #expect(framer.finish() == [.malformed("the input ended 6 bytes short of a 10-byte message")])
        var header = MessageFramer()
        _ = header.feed(Array("Content-Len".utf8))
        #expect(header.finish() == [.malformed("the input ended inside a message header")])
    }
}

/// One large message must not make the framer keep (or reallocate) its size for every later one.
struct MessageFramerMemoryTests {
    static let large = 40 << 20
    static func request(_ id: Int) -> [UInt8] { Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"initialize"}"#.utf8) }

    @Test(arguments: [MessageFramer.Mode.headers, .lines])
    func afterALargeMessageTheBufferReturnsToItsUsualSize(mode: MessageFramer.Mode) {
        var framer = MessageFramer()
        var body = Array(#"{"pad":""#.utf8)
        body += [UInt8](repeating: UInt8(ascii: "x"), count: Self.large)
        body += Array(#""}"#.utf8)
        // A large message arriving in pipe-sized chunks, then many small ones in one chunk.
        let framed = MessageFramer.frame(body, mode: mode)
        var events: [MessageFramer.Event] = []
        for start in stride(from: 0, to: framed.count, by: 1 << 16) {
            events += framer.feed(framed[start..<min(start + (1 << 16), framed.count)])
        }
        #expect(events == [.message(body)])
        let small = (0..<1000).flatMap { MessageFramer.frame(Self.request($0), mode: mode) }
        let replies = framer.feed(small)
        #expect(replies.count == 1000)
        #expect(replies.last == .message(Self.request(999)))
        #expect(framer.bufferCapacity <= MessageFramer.usualCapacity)
    }

    @Test func eachMessageIsHandedOnInStorageOfItsOwnSize() {
        var framer = MessageFramer()
        let events = framer.feed(
            MessageFramer.frame(Self.request(1), mode: .lines) + MessageFramer.frame(Self.request(2), mode: .lines))
        guard case .message(let first)? = events.first else {
            Issue.record("expected a message, got \(events)")
            return
        }
        #expect(first == Self.request(1))
        #expect(first.capacity < 2 * first.count)
    }
}
