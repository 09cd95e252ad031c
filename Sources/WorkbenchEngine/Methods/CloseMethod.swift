import EngineProtocol
import JSONRPC

/// `close`: the workspace's views go; other workspaces are untouched.
enum CloseMethod: ControlMethod {
    static func run(_ request: CloseRequest, engine: Engine) throws(RPCError) -> NullResponse {
        guard engine.state.close(request.workspace) else {
            throw .unknown("no open workspace named '\(request.workspace)'")
        }
        return NullResponse()
    }
}
