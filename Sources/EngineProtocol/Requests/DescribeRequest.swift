import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `describe {view}` → `{bounds, direction, layout}`: the view as its requests have left it —
/// its bounds (after `invalidate`, scroll anchoring, a reload), its direction and its layout
/// (after `transition`).
public struct DescribeRequest: ViewRequest {
    public typealias Response = DescribeResponse
    public static let method = "describe"
    public var view: String

    public init(view: String) { self.view = view }

    public init(json params: JSONValue) throws(RPCError) {
        view = try Params(params).string("view")
    }
}

/// What `describe` answers.
public struct DescribeResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = true
    public var bounds: Rect
    public var direction: LayoutDirection
    /// The plugin that lays the view out now.
    public var layout: String

    public init(bounds: Rect, direction: LayoutDirection, layout: String) {
        self.bounds = bounds
        self.direction = direction
        self.layout = layout
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("bounds"); writer.rect(bounds)
        writer.key("direction"); writer.string(direction.rawValue)
        writer.key("layout"); writer.string(layout)
        writer.endObject()
    }
}
