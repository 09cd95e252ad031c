import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `prepare {view}` → `{contentSize, elements: count | null, milliseconds, prepared}`: prepares
/// the view if an invalidation (or nothing yet) requires it.
public struct PrepareRequest: ViewRequest {
    public typealias Response = PrepareResponse
    public static let method = "prepare"
    public var view: String

    public init(view: String) { self.view = view }

    public init(json params: JSONValue) throws(RPCError) {
        view = try Params(params).string("view")
    }
}

/// What `prepare` answers.
public struct PrepareResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = true
    public var contentSize: Size
    /// Nil for a layout that makes its elements on demand.
    public var elementCount: Int?
    /// How long the prepare took (0 when none was needed).
    public var milliseconds: Double
    /// Whether the view was prepared (false: it needed no prepare).
    public var prepared: Bool

    public init(contentSize: Size, elementCount: Int?, milliseconds: Double, prepared: Bool) {
        self.contentSize = contentSize
        self.elementCount = elementCount
        self.milliseconds = milliseconds
        self.prepared = prepared
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("contentSize"); writer.size(contentSize)
        writer.key("elements")
        if let elementCount { writer.integer(elementCount) } else { writer.null() }
        writer.key("milliseconds"); writer.number(milliseconds)
        writer.key("prepared"); writer.bool(prepared)
        writer.endObject()
    }
}
