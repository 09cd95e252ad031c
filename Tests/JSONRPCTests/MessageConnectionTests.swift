import Dispatch
import JSON
import Synchronization
import Testing

@testable import JSONRPC

/// The transport alone, over a handler that answers when told to: batches become one array in
/// request order, replies keep the order of the work they answer across batches, bad input is
/// answered with the JSON-RPC error it deserves.
struct MessageConnectionTests {
    @Test func aBatchIsAnsweredAsOneArrayInRequestOrderWhateverOrderItsRepliesComeIn() {
        let handler = HeldHandler(), output = Collected()
        let connection = MessageConnection(handler: handler, output: output, log: { _ in })
        connection.receive(
            Array(
                #"[{"jsonrpc":"2.0","id":"a","method":"m"},{"jsonrpc":"2.0","method":"note"},{"jsonrpc":"2.0","id":2,"method":"m"},{"id":3}]"#
                    .utf8))
        #expect(connection.requestsInProgress == 2)
        handler.answer(.number(2))
        #expect(output.texts.isEmpty)
        handler.answer(.string("a"))
        #expect(
            output.texts == [
                #"[{"id":"a","jsonrpc":"2.0","result":"\"a\""},{"id":2,"jsonrpc":"2.0","result":"2"},"#
                    + #"{"error":{"code":-32600,"message":"invalid request: 'jsonrpc' must be \"2.0\""},"id":3,"jsonrpc":"2.0"}]"#
            ])
        #expect(connection.requestsInProgress == 0)
    }

    @Test func aReplyWaitsForAnEarlierBatchWithTheSameKeyButNotForOthers() {
        let handler = HeldHandler(), output = Collected()
        let connection = MessageConnection(handler: handler, output: output, log: { _ in })
        connection.receive(Array(#"[{"jsonrpc":"2.0","id":1,"method":"m","params":{"key":"v"}}]"#.utf8))
        connection.receive(Array(#"{"jsonrpc":"2.0","id":2,"method":"m","params":{"key":"v"}}"#.utf8))
        connection.receive(Array(#"{"jsonrpc":"2.0","id":3,"method":"m","params":{"key":"w"}}"#.utf8))
        handler.answer(.number(3))
        handler.answer(.number(2))
        #expect(output.texts == [#"{"id":3,"jsonrpc":"2.0","result":"3"}"#])
        handler.answer(.number(1))
        #expect(
            output.texts == [
                #"{"id":3,"jsonrpc":"2.0","result":"3"}"#, #"[{"id":1,"jsonrpc":"2.0","result":"1"}]"#,
                #"{"id":2,"jsonrpc":"2.0","result":"2"}"#,
            ])
    }

    @Test func aReplyWaitsForAnEarlierBatchHoldingWorkItDependsOnAndOnlyThat() {
        let handler = HeldHandler(), output = Collected()
        let connection = MessageConnection(handler: handler, output: output, log: { _ in })
        connection.receive(Array(#"[{"jsonrpc":"2.0","id":1,"method":"m","params":{"key":"v"}}]"#.utf8))
        // "*" does not depend on "v": its reply goes out at once.
        connection.receive(Array(#"{"jsonrpc":"2.0","id":2,"method":"m","params":{"key":"*"}}"#.utf8))
        handler.answer(.number(2))
        #expect(output.texts == [#"{"id":2,"jsonrpc":"2.0","result":"2"}"#])
        connection.receive(Array(#"[{"jsonrpc":"2.0","id":3,"method":"m","params":{"key":"*"}}]"#.utf8))
        // "w" depends on the "*" in the batch before it, not on the "v".
        connection.receive(Array(#"{"jsonrpc":"2.0","id":4,"method":"m","params":{"key":"w"}}"#.utf8))
        handler.answer(.number(4))
        #expect(output.texts.count == 1)
        handler.answer(.number(3))
        #expect(
            output.texts.suffix(2) == [
                #"[{"id":3,"jsonrpc":"2.0","result":"3"}]"#, #"{"id":4,"jsonrpc":"2.0","result":"4"}"#,
            ])
        handler.answer(.number(1))
        #expect(output.texts.last == #"[{"id":1,"jsonrpc":"2.0","result":"1"}]"#)
    }

    @Test func badInputIsAnsweredWithItsError() {
        let handler = HeldHandler(), output = Collected()
        let connection = MessageConnection(handler: handler, output: output, log: { _ in })
        connection.receive(Array("[]".utf8))
        connection.receive(Array("{".utf8))
        connection.receive(Array(#"{"jsonrpc":"2.0","id":7,"method":"m","params":[1]}"#.utf8))
        connection.receiveMalformed("a header without a length")
        let texts = output.texts
        #expect(texts.count == 4)
        #expect(
            texts[0]
                == #"{"error":{"code":-32600,"message":"invalid request: an empty batch"},"id":null,"jsonrpc":"2.0"}"#)
        #expect(texts[1].hasPrefix(#"{"error":{"code":-32700,"message":"parse error: "#))
        #expect(
            texts[2]
                == #"{"error":{"code":-32602,"message":"invalid params: params must be an object (named parameters)"},"id":7,"jsonrpc":"2.0"}"#
        )
        #expect(
            texts[3]
                == #"{"error":{"code":-32700,"message":"parse error: a header without a length"},"id":null,"jsonrpc":"2.0"}"#
        )
        #expect(handler.heldCount == 0)
    }
}

/// Holds every request until `answer(id)` answers it with its id's text as the result.
private final class HeldHandler: RequestHandler {
    private let held = Mutex<[(RPCRequest, @Sendable (Result<any MessageResult, RPCError>) -> Void)]>([])

    func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void) {
        guard request.id != nil else { return }
        held.withLock { $0.append((request, reply)) }
    }

    /// Requests with the same `params.key` depend on each other; those without one on nothing.
    func work(of request: RPCRequest) -> KeyedWork? {
        request.params["key"]?.stringValue.map(KeyedWork.init)
    }

    var heldCount: Int { held.withLock { $0.count } }

    func answer(_ id: RequestID) {
        let reply = held.withLock { held -> (@Sendable (Result<any MessageResult, RPCError>) -> Void)? in
            guard let index = held.firstIndex(where: { $0.0.id == id }) else { return nil }
            return held.remove(at: index).1
        }
        var writer = JSONWriter()
        writer.string(id.description)
        reply?(.success(EncodedResult(writer.bytes)))
    }
}

/// Work about one key: it waits for the earlier work about the same key, and for work about
/// "*", which everything later waits for (as the engine's control work).
private struct KeyedWork: DependencyTracker {
    var key: String
    func isDependency(of later: KeyedWork) -> Bool { key == "*" || key == later.key }
}

/// Every message the connection wrote, as text, in order.
final class Collected: MessageOutput, Sendable {
    private let sent = Mutex<[String]>([])
    func send(_ message: [UInt8]) { sent.withLock { $0.append(String(decoding: message, as: UTF8.self)) } }
    var texts: [String] { sent.withLock { $0 } }
}
