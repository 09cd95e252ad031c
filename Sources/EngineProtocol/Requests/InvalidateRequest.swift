import JSON
import JSONRPC
import LayoutKit
import RequestParams

/// `invalidate {view, bounds?, direction?}` → `{invalidated}`. With `direction`, the view turns
/// to it; with `bounds`, they become the view's (the layout is invalidated only if it says so);
/// with neither, the whole layout is invalidated.
public struct InvalidateRequest: ViewRequest {
    public typealias Response = InvalidateResponse
    public static let method = "invalidate"
    public var view: String
    public var bounds: Rect?
    public var direction: LayoutDirection?

    public init(view: String, bounds: Rect? = nil, direction: LayoutDirection? = nil) {
        self.view = view
        self.bounds = bounds
        self.direction = direction
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        direction = params.has("direction") ? try params.direction("direction") : nil
        bounds = params.has("bounds") ? try params.rect("bounds") : nil
    }
}

/// What `invalidate` answers: whether the layout was invalidated.
public struct InvalidateResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    public var invalidated: Bool

    public init(invalidated: Bool) { self.invalidated = invalidated }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("invalidated"); writer.bool(invalidated)
        writer.endObject()
    }
}
