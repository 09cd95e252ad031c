import JSONRPC
import LayoutKit
import RequestParams
import Sessions

/// Runs move work, turning its failures into JSON-RPC errors: `-32602` for a request that
/// does not fit the view's state, the session's error otherwise.
func rpc<T>(move body: () throws(RequestFailure) -> T) throws(RPCError) -> T {
    do {
        return try body()
    } catch {
        switch error {
        case .invalid(let message): throw .invalidParams(message)
        case .failed(let failure): throw RPCError(failure)
        }
    }
}
