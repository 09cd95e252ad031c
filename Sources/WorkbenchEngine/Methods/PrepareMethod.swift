import Dispatch
import EngineProtocol
import JSONRPC
import Sessions

/// `prepare`: prepares the view if an invalidation (or nothing yet) requires it; `prepared`
/// says whether it did, `milliseconds` is the time that took.
enum PrepareMethod: ViewMethod {
    static let isQuick = false

    static func run(_ request: PrepareRequest, session: ViewSession) throws(RPCError) -> PrepareResponse {
        let start = DispatchTime.now().uptimeNanoseconds
        let prepared = try rpc { () throws(ViewSessionError) in try session.prepareIfNeeded() }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let contentSize = try rpc { () throws(ViewSessionError) in try session.contentSize() }
        let count = try rpc { () throws(ViewSessionError) in try session.numberOfElements() }
        return PrepareResponse(
            contentSize: contentSize, elementCount: count, milliseconds: (milliseconds * 1000).rounded() / 1000,
            prepared: prepared)
    }
}
