import EngineProtocol
import JSON
import JSONRPC
import RequestParams

/// A request (or notification) as the engine takes it: its id, its method, and its params —
/// a value from a client in the process, or the JSON a transport read, turned into the
/// method's request where the method runs (so errors come in one order either way).
struct EngineMessage: Sendable {
    enum Body: Sendable {
        case value(any EngineRequest)
        case json(JSONValue)
    }

    var id: RequestID?
    var method: String
    var body: Body
    /// Where the request's progress goes (LSP's `params.workDoneToken`): a string or a number.
    var workDoneToken: JSONValue?

    /// A message a transport read.
    init(_ request: RPCRequest) {
        id = request.id
        method = request.method
        body = .json(request.params)
        switch request.params["workDoneToken"] {
        case let token? where token.stringValue != nil || token.numberValue != nil: workDoneToken = token
        default: workDoneToken = nil
        }
    }

    /// A request as JSON params from a client in the process (an agent's arguments).
    init(id: RequestID?, method: String, params: JSONValue, workDoneToken: JSONValue?) {
        self.id = id
        self.method = method
        body = .json(params)
        self.workDoneToken = workDoneToken
    }

    /// A request from a client in the process.
    init<Request: EngineRequest>(id: RequestID?, _ request: Request, workDoneToken: JSONValue? = nil) {
        self.id = id
        method = Request.method
        body = .value(request)
        self.workDoneToken = workDoneToken
    }

    /// The view the message is about, if it names one (a string `params.view` as sent).
    var viewID: String? {
        switch body {
        case .value(let request): (request as? any ViewRequest)?.view
        case .json(let params): params["view"]?.stringValue
        }
    }

    /// The view the message is about: -32602 when it names none.
    func view() throws(RPCError) -> String {
        switch body {
        case .value(let request):
            guard let view = (request as? any ViewRequest)?.view else { throw .invalidParams("params.view is missing") }
            return view
        case .json(let params): return try Params(params).string("view")
        }
    }

    /// The message's request, read from its params if it came as JSON.
    func request<Request: EngineRequest>(as type: Request.Type) throws(RPCError) -> Request {
        switch body {
        case .value(let request):
            guard let request = request as? Request else {
                throw .internalError("'\(method)' was sent as \(Swift.type(of: request))")
            }
            return request
        case .json(let params):
            return try Request(json: params)
        }
    }

    /// The params as JSON (the language service's methods read them so).
    var params: JSONValue {
        if case .json(let params) = body { params } else { .object([]) }
    }
}
