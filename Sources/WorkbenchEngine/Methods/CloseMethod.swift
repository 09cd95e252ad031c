import JSONRPC
import RequestParams

/// `close {workspace}` → `null`. Other workspaces are untouched.
enum CloseMethod: ControlMethod {
    static let name = "close"

    static func run(_ params: Params, engine: Engine) throws(RPCError) -> [UInt8] {
        let name = try params.string("workspace")
        guard engine.state.close(name) else { throw .unknown("no open workspace named '\(name)'") }
        return Array("null".utf8)
    }
}
