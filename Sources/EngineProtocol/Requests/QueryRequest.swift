import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `query {view, rect, labels?}` → `{elements: [attributes…], labels?: [text | null…]}` in
/// canonical order (`labels`: each cell's data item as text, null for other elements);
/// `query {view, element: {category, kind?, section, item}}` → `{element: attributes | null}`.
public struct QueryRequest: ViewRequest {
    /// What is asked for.
    public enum Target: Sendable {
        /// The elements whose frames meet the rect; with `labels`, each cell's label too.
        case rect(Rect, labels: Bool)
        /// One element's attributes.
        case element(ElementID)
    }

    public typealias Response = QueryResponse
    public static let method = "query"
    /// Any finite rect with sizes not negative (it may reach past every frame).
    package static let rectRule = Params.queryRule
    public var view: String
    public var target: Target

    public init(view: String, rect: Rect, labels: Bool = false) {
        self.view = view
        self.target = .rect(rect, labels: labels)
    }

    public init(view: String, element: ElementID) {
        self.view = view
        self.target = .element(element)
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        if params.has("element") {
            target = .element(try params.element("element"))
            return
        }
        guard params.has("rect") else { throw .invalidParams("params.rect or params.element is required") }
        let rect = try params.rect("rect", coordinates: Self.rectRule)
        target = .rect(rect, labels: params.has("labels") ? try params.bool("labels") : false)
    }
}

/// What `query` answers: the elements in a rect as the engine wrote them (plugins' extra fields
/// from their own bytes), or one element's attributes.
public struct QueryResponse: EngineResponse {
    public enum Content: Sendable {
        case elements(EncodedElements)
        case element(LayoutAttributes?)
    }

    public static let refusesNonFiniteNumbers = true
    public var content: Content

    public init(_ content: Content) { self.content = content }

    /// The rect's elements as written, without a copy: they were checked when written.
    public func encodedResult() throws(RPCError) -> [UInt8] {
        if case .elements(let elements) = content { return elements.bytes }
        var writer = JSONWriter()
        write(to: &writer)
        return try writer.checkedBytes()
    }

    public func write(to writer: inout JSONWriter) {
        switch content {
        case .elements(let elements):
            writer.raw(elements.bytes)
        case .element(let attributes):
            writer.beginObject()
            writer.key("element")
            if let attributes { writer.attributes(attributes) } else { writer.null() }
            writer.endObject()
        }
    }

    /// The rect's elements read back (a rect query's answer); an internal error for an element query's.
    public func elements() throws(RPCError) -> ElementsAnswer {
        guard case .elements(let elements) = content else {
            throw .internalError("query answered one element, not a rect's")
        }
        return try elements.answer()
    }
}
