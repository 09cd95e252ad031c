import Foundation
import JSON
import Testing

@testable import JSONRPC

/// The one read loop (`MessageConnection.serve`) over a real pipe: every message and framing
/// error handed on in order, a stop as soon as the handler is done, and replies in the client's
/// framing only when the caller asks for it.
struct MessageConnectionServeTests {
    /// A pipe holding `input`, its write end closed: the read end, as `serve` takes it.
    static func input(_ text: String) -> Int32 {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        _ = Array(text.utf8).withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        return ends[0]
    }

    static func framed(_ body: String) -> String { "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" }

    @Test func everyMessageAndFramingErrorIsHandedOnInOrderUntilTheInputEnds() {
        let handler = AnsweringHandler(), output = Collected()
        let connection = MessageConnection(handler: handler, output: output, log: { _ in })
        let input = Self.input(
            Self.framed(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#) + "Content-Type: x\r\n\r\n"
                + Self.framed(#"{"jsonrpc":"2.0","id":2,"method":"b"}"#))
        defer { close(input) }
        connection.serve(input: input)
        #expect(handler.received == ["a", "b"])
        #expect(
            output.texts == [
                #"{"id":1,"jsonrpc":"2.0","result":"a"}"#,
                #"{"error":{"code":-32700,"message":"parse error: a message header without Content-Length"},"id":null,"jsonrpc":"2.0"}"#,
                #"{"id":2,"jsonrpc":"2.0","result":"b"}"#,
            ])
    }

    @Test func readingStopsAsSoonAsTheHandlerIsDone() {
        let handler = AnsweringHandler(), output = Collected()
        let connection = MessageConnection(handler: handler, output: output, log: { _ in })
        let input = Self.input(
            #"{"jsonrpc":"2.0","id":1,"method":"a"}"# + "\n" + #"{"jsonrpc":"2.0","method":"exit"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":3,"method":"c"}"# + "\n")
        defer { close(input) }
        connection.serve(input: input) { handler.received.contains("exit") }
        #expect(handler.received == ["a", "exit"])
        #expect(output.texts == [#"{"id":1,"jsonrpc":"2.0","result":"a"}"#])
    }

    @Test(arguments: [true, false])
    func repliesTakeTheClientsFramingOnlyWhenTheCallerGivesItsOutput(following: Bool) throws {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        let output = ProtocolOutput(fileDescriptor: ends[1])
        let connection = MessageConnection(handler: AnsweringHandler(), output: output, log: { _ in })
        let input = Self.input(Self.framed(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#))
        defer { close(input) }
        connection.serve(input: input, framedOutput: following ? output : nil)
        close(ends[1])
        let written = String(
            decoding: FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile(), as: UTF8.self)
        let reply = #"{"id":1,"jsonrpc":"2.0","result":"a"}"#
        #expect(written == (following ? Self.framed(reply) : reply + "\n"))
    }
}
