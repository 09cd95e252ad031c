import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `targetContentOffset {view, proposed: {x, y}, velocity: {x, y}}` → `{x, y}`: where
/// scrolling should come to rest.
public struct TargetContentOffsetRequest: ViewRequest {
    public typealias Response = TargetContentOffsetResponse
    public static let method = "targetContentOffset"
    public var view: String
    public var proposed: Point
    public var velocity: Point

    public init(view: String, proposed: Point, velocity: Point) {
        self.view = view
        self.proposed = proposed
        self.velocity = velocity
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        proposed = try params.point("proposed")
        velocity = try params.point("velocity")
    }
}

/// What `targetContentOffset` answers: the offset.
public struct TargetContentOffsetResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = true
    public var offset: Point

    public init(offset: Point) { self.offset = offset }

    public func write(to writer: inout JSONWriter) { writer.point(offset) }
}
