import Dispatch
import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// `prepare {view}` → `{contentSize, elements: count | null, milliseconds, prepared}`: prepares
/// the view if an invalidation (or nothing yet) requires it; `prepared` says whether it did,
/// `milliseconds` is the time that took.
enum PrepareMethod: ViewMethod {
    static let name = "prepare"
    static let isQuick = false

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let start = DispatchTime.now().uptimeNanoseconds
        let prepared = try rpc { () throws(ViewSessionError) in try session.prepareIfNeeded() }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let contentSize = try rpc { () throws(ViewSessionError) in try session.contentSize() }
        let count = try rpc { () throws(ViewSessionError) in try session.numberOfElements() }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("contentSize"); writer.size(contentSize)
        writer.key("elements")
        if let count { writer.integer(count) } else { writer.null() }
        writer.key("milliseconds"); writer.number((milliseconds * 1000).rounded() / 1000)
        writer.key("prepared"); writer.bool(prepared)
        writer.endObject()
        return try writer.checkedBytes()
    }
}
