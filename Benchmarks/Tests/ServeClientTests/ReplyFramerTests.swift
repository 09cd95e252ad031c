import ServeClient
import Testing

/// The tools' reader of `workbench serve`'s output, fed one byte at a time, all at once, and
/// several messages together.
struct ReplyFramerTests {
    static let first = Array(#"{"jsonrpc":"2.0","id":1,"result":null}"#.utf8)
    static let second = Array(#"{"jsonrpc":"2.0","method":"workbench/workspaceChanged","params":{}}"#.utf8)

    func events(_ stream: [UInt8], framing: Framing, byteByByte: Bool, limit: Int = 1 << 30) -> [ReplyFramer.Event] {
        var framer = ReplyFramer(framing: framing, maximumMessageSize: limit)
        var events: [ReplyFramer.Event] = []
        if byteByByte {
            for byte in stream { events += framer.feed([byte]) }
        } else {
            events += framer.feed(stream)
        }
        return events + framer.finish()
    }

    @Test(arguments: [Framing.lines, .headers], [false, true])
    func messagesComeOutAsTheyWentInHoweverTheBytesArrive(framing: Framing, byteByByte: Bool) {
        let stream = framing.frame(Self.first) + framing.frame(Self.second) + framing.frame([])
        #expect(
            events(stream, framing: framing, byteByByte: byteByByte) == [
                .message(Self.first), .message(Self.second), .message([]),
            ])
    }

    @Test(arguments: [false, true])
    func aHeaderWithoutALengthIsReportedAndTheNextMessageStillRead(byteByByte: Bool) {
        let stream =
            Array("Content-Type: x\r\n\r\n".utf8) + Array("Content-Length: many\r\n\r\n".utf8)
            + Framing.headers.frame(Self.first)
        #expect(
            events(stream, framing: .headers, byteByByte: byteByByte) == [
                .malformed("a message header without Content-Length"),
                .malformed("Content-Length is not a whole number: many"),
                .message(Self.first),
            ])
    }

    @Test(arguments: [Framing.lines, .headers], [false, true])
    func aMessageOverTheLimitIsSkippedNotKept(framing: Framing, byteByByte: Bool) {
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
        let found = events(
            framing.frame(large) + framing.frame(Self.first), framing: framing, byteByByte: byteByByte, limit: 64)
        #expect(found.count == 2)
        guard case .malformed? = found.first else {
            Issue.record("expected a fault first, got \(found)")
            return
        }
        #expect(found.last == .message(Self.first))
    }

    @Test(arguments: [Framing.lines, .headers])
    func outputEndingInsideAMessageIsAFault(framing: Framing) {
        let stream = framing.frame(Self.first) + framing.frame(Self.second).dropLast(3)
        let found = events(Array(stream), framing: framing, byteByByte: false)
        #expect(found.first == .message(Self.first))
        #expect(
            found.dropFirst().first
                == .malformed(
                    framing == .lines
                        ? "the output ended inside a line (\(Self.second.count - 2) bytes without a newline)"
                        : "the output ended 3 bytes short of a \(Self.second.count)-byte message"))
    }
}
