import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `preferredSizes {view, sizes: [{element, size}…]}` → `{bounds, contentOffsetAdjustment,
/// contentSize, invalidated, invalidatedCount}`: self-sizing elements tell the layout what they
/// measured; one re-layout for all, the scroll anchor kept in place.
public struct PreferredSizesRequest: ViewRequest {
    public typealias Response = PreferredSizesResponse
    public static let method = "preferredSizes"
    public var view: String
    public var sizes: [ElementSize]

    public init(view: String, sizes: [ElementSize]) {
        self.view = view
        self.sizes = sizes
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        sizes = try params.preferredSizes("sizes")
    }
}

/// What `preferredSizes` answers: the first 1,000 elements whose frames changed, in canonical
/// order, how many did, and where the bounds went.
public struct PreferredSizesResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = true
    public var anchoring: ScrollAnchoring
    public var contentSize: Size
    public var invalidated: [ElementID]
    public var invalidatedCount: Int

    public init(anchoring: ScrollAnchoring, contentSize: Size, invalidated: [ElementID], invalidatedCount: Int) {
        self.anchoring = anchoring
        self.contentSize = contentSize
        self.invalidated = invalidated
        self.invalidatedCount = invalidatedCount
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("bounds"); writer.rect(anchoring.bounds)
        writer.key("contentOffsetAdjustment"); writer.point(anchoring.contentOffsetAdjustment)
        writer.key("contentSize"); writer.size(contentSize)
        writer.key("invalidated")
        writer.beginArray()
        for element in invalidated {
            writer.beginObject()
            writer.key("category"); writer.string(element.category.name)
            writer.key("item"); writer.integer(element.path.item)
            writer.key("kind"); if let kind = element.kind { writer.string(kind) } else { writer.null() }
            writer.key("section"); writer.integer(element.path.section)
            writer.endObject()
        }
        writer.endArray()
        writer.key("invalidatedCount"); writer.integer(invalidatedCount)
        writer.endObject()
    }
}
