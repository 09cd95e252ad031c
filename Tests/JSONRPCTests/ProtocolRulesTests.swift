import JSON
import Synchronization
import Testing

@testable import JSONRPC

/// A protocol on JSON-RPC that changes it (MCP) has the connection apply its rules: no batches,
/// a client's replies dropped, a cancelled request unanswered; JSON-RPC as written otherwise.
/// And notifications, given as values, are written by the output with their envelope.
struct ProtocolRulesTests {
    static let oneAtATime = ProtocolRules(
        batchRefusal: .invalidRequest("no batches here"), ignoresResponses: true, answersCancelledRequests: false)

    @Test func aBatchIsRefusedWholeWithTheHandlersErrorEvenAnEmptyOne() {
        let handler = AnsweringHandler(rules: Self.oneAtATime), output = Collected()
        let connection = MessageConnection(handler: handler, output: output, log: { _ in })
        connection.receive(Array(#"[{"jsonrpc":"2.0","id":1,"method":"m"},{"jsonrpc":"2.0","method":"n"}]"#.utf8))
        connection.receive(Array("[]".utf8))
        let refusal =
            #"{"error":{"code":-32600,"message":"invalid request: no batches here"},"id":null,"jsonrpc":"2.0"}"#
        #expect(output.texts == [refusal, refusal])
        #expect(handler.received.isEmpty)
    }

    @Test func aClientsReplyIsDroppedOnlyWhenTheRulesIgnoreResponses() {
        let reply = Array(#"{"jsonrpc":"2.0","id":7,"result":{}}"#.utf8)
        let error = Array(#"{"jsonrpc":"2.0","id":8,"error":{"code":1,"message":"no"}}"#.utf8)
        let ignoring = Collected(), answering = Collected()
        let mcp = MessageConnection(handler: AnsweringHandler(rules: Self.oneAtATime), output: ignoring, log: { _ in })
        let plain = MessageConnection(handler: AnsweringHandler(), output: answering, log: { _ in })
        for message in [reply, error] {
            mcp.receive(message)
            plain.receive(message)
        }
        #expect(ignoring.texts.isEmpty)
        #expect(
            answering.texts == [
                #"{"error":{"code":-32600,"message":"invalid request: 'method' must be a string"},"id":7,"jsonrpc":"2.0"}"#,
                #"{"error":{"code":-32600,"message":"invalid request: 'method' must be a string"},"id":8,"jsonrpc":"2.0"}"#,
            ])
        // Without a result or an error it is a request like any other: answered.
        mcp.receive(Array(#"{"jsonrpc":"2.0","id":9}"#.utf8))
        #expect(ignoring.texts.count == 1)
    }

    @Test func aCancelledRequestGoesUnansweredOnlyWhenTheRulesSaySo() {
        let silent = Collected(), told = Collected()
        let mcp = MessageConnection(handler: AnsweringHandler(rules: Self.oneAtATime), output: silent, log: { _ in })
        let plain = MessageConnection(handler: AnsweringHandler(), output: told, log: { _ in })
        for connection in [mcp, plain] {
            connection.receive(Array(#"{"jsonrpc":"2.0","id":1,"method":"cancelled"}"#.utf8))
            connection.receive(Array(#"{"jsonrpc":"2.0","id":2,"method":"m"}"#.utf8))
            #expect(connection.requestsInProgress == 0)
        }
        #expect(silent.texts == [#"{"id":2,"jsonrpc":"2.0","result":"m"}"#])
        #expect(
            told.texts == [
                #"{"error":{"code":-32800,"message":"request cancelled"},"id":1,"jsonrpc":"2.0"}"#,
                #"{"id":2,"jsonrpc":"2.0","result":"m"}"#,
            ])
    }

    @Test func aNotificationIsWrittenByTheOutputItsParamsAsTheyWereGiven() {
        let output = Collected()
        let params: JSONValue = ["b": 1.5, "a": [true, .null], "c": "é"]
        output.send(RPCNotification(method: "x/changed", params: params))
        #expect(output.texts == [#"{"jsonrpc":"2.0","method":"x/changed","params":{"b":1.5,"a":[true,null],"c":"é"}}"#])
    }

    @Test func aSkippedInputIsLoggedWithoutNamingACommand() {
        let lines = Mutex<[String]>([]), output = Collected()
        let connection = MessageConnection(
            handler: AnsweringHandler(), output: output, log: { line in lines.withLock { $0.append(line) } })
        connection.receiveMalformed("a header without a length")
        #expect(lines.withLock { $0 } == ["skipped malformed input: a header without a length"])
        #expect(output.texts.count == 1)
    }
}

/// Answers each request at once: `cancelled` with -32800, any other with its method's name.
final class AnsweringHandler: RequestHandler {
    let rules: ProtocolRules
    private let log = Mutex<[String]>([])

    init(rules: ProtocolRules = .jsonRPC) { self.rules = rules }

    var received: [String] { log.withLock { $0 } }

    func handle(_ request: RPCRequest, reply: @escaping @Sendable (Result<any MessageResult, RPCError>) -> Void) {
        log.withLock { $0.append(request.method) }
        if request.method == "cancelled" { return reply(.failure(.requestCancelled)) }
        reply(.success(JSONValue.string(request.method)))
    }

    func work(of request: RPCRequest) -> Never? { nil }
}
