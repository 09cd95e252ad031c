import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `transition {view, layout, options?}` → `{appearing, contentOffset, contentSize, data?,
/// disappearing, moving}`: switches the view to another layout (or other options) for the
/// session, in `update`'s shape. Without `options`: the view's own for the same layout, the
/// layout's defaults for another.
public struct TransitionRequest: ViewRequest {
    public typealias Response = TransitionResponse
    public static let method = "transition"
    public var view: String
    public var layout: String
    public var options: [String: Value]?

    public init(view: String, layout: String, options: [String: Value]? = nil) {
        self.view = view
        self.layout = layout
        self.options = options
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        layout = try params.string("layout")
        guard params.has("options") else { return }
        guard case .object(let members)? = params.value["options"] else {
            throw .invalidParams(
                "params.options: expected an object, got \(params.value["options"]?.kindDescription ?? "nothing")")
        }
        options = Dictionary(
            members.map { ($0.key, Params.dataValue($0.value)) }, uniquingKeysWith: { _, last in last })
    }
}

/// What `transition` answers: where the view is scrolled to, and how its elements go.
public struct TransitionResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    /// The new bounds' origin.
    public var contentOffset: Point
    public var changes: ElementChanges
    /// The new layout's.
    public var contentSize: Size
    /// For a switch to another layout: what it did with the view's data.
    public var data: DataNote?

    /// What a switch to another layout did with the view's data: kept as it was, not
    /// converted, and read by the new layout's own model.
    public struct DataNote: Sendable {
        public var from: String, to: String
        public var sections: Int, items: Int
        /// All of it in words, for a person.
        public var message: String

        public init(from: String, to: String, sections: Int, items: Int, message: String) {
            (self.from, self.to, self.sections, self.items, self.message) = (from, to, sections, items, message)
        }
    }

    public init(contentOffset: Point, changes: ElementChanges, contentSize: Size, data: DataNote? = nil) {
        self.contentOffset = contentOffset
        self.changes = changes
        self.contentSize = contentSize
        self.data = data
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("contentOffset"); writer.point(contentOffset)
        if let data {
            writer.key("data")
            writer.beginObject()
            writer.key("from"); writer.string(data.from)
            writer.key("items"); writer.integer(data.items)
            writer.key("message"); writer.string(data.message)
            writer.key("sections"); writer.integer(data.sections)
            writer.key("to"); writer.string(data.to)
            writer.endObject()
        }
        changes.writeFields(to: &writer, contentSize: contentSize)
        writer.endObject()
    }
}
