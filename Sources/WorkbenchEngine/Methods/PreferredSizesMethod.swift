import EngineProtocol
import JSONRPC
import PluginHost
import Sessions

/// `preferredSizes`: self-sizing elements tell the layout what they measured; one re-layout
/// for all of them, the scroll anchor kept in place. An element the view does not have is
/// -32602 naming it; nothing is applied.
enum PreferredSizesMethod: ViewMethod {
    static let isQuick = false

    static func run(_ request: PreferredSizesRequest, session: ViewSession) throws(RPCError) -> PreferredSizesResponse {
        let result: PreferredSizesResult
        do {
            result = try session.setPreferredSizes(
                request.sizes.map { PreferredSize(element: $0.element, size: $0.size) })
        } catch {
            switch error {
            case .unknownElement(let index, let element):
                throw .invalidParams("params.sizes[\(index)].element: the view has no \(element)")
            case .failed(let failure): throw RPCError(failure)
            }
        }
        return PreferredSizesResponse(
            anchoring: ScrollAnchoring(bounds: result.bounds, contentOffsetAdjustment: result.contentOffsetAdjustment),
            contentSize: result.contentSize, invalidated: result.invalidated, invalidatedCount: result.invalidatedCount)
    }
}
