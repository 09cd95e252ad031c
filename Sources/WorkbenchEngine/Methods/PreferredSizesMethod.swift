import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// `preferredSizes {view, sizes: [{element, size: {width, height}}…]}` → `{bounds, contentOffsetAdjustment:
/// {x, y}, contentSize, invalidated: [{category, kind, section, item}…], invalidatedCount}`:
/// self-sizing elements tell the layout what they measured; one re-layout for all of them,
/// the scroll anchor kept in place (the view's bounds move by the adjustment). `invalidated`
/// lists the first 1,000 elements whose frames changed, in canonical order. An element the
/// view does not have is -32602 naming it; nothing is applied.
enum PreferredSizesMethod: ViewMethod {
    static let name = "preferredSizes"
    static let isQuick = false

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let sizes = try params.preferredSizes("sizes")
        let result: PreferredSizesResult
        do {
            result = try session.setPreferredSizes(sizes)
        } catch {
            switch error {
            case .unknownElement(let index, let element):
                throw .invalidParams("params.sizes[\(index)].element: the view has no \(element)")
            case .failed(let failure): throw RPCError(failure)
            }
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("bounds"); writer.rect(result.bounds)
        writer.key("contentOffsetAdjustment"); writer.point(result.contentOffsetAdjustment)
        writer.key("contentSize"); writer.size(result.contentSize)
        writer.key("invalidated")
        writer.beginArray()
        for element in result.invalidated {
            writer.beginObject()
            writer.key("category"); writer.string(element.category.name)
            writer.key("item"); writer.integer(element.path.item)
            writer.key("kind"); if let kind = element.kind { writer.string(kind) } else { writer.null() }
            writer.key("section"); writer.integer(element.path.section)
            writer.endObject()
        }
        writer.endArray()
        writer.key("invalidatedCount"); writer.integer(result.invalidatedCount)
        writer.endObject()
        return try writer.checkedBytes()
    }
}
