import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams

/// `beginMove {view, element: {section, item}, position: {x, y}}` → `{item: attributes}`:
/// starts dragging a cell; `item` is its size centred at the position, above every other element.
public struct BeginMoveRequest: ViewRequest {
    public typealias Response = BeginMoveResponse
    public static let method = "beginMove"
    public var view: String
    public var element: ItemPath
    public var position: Point

    public init(view: String, element: ItemPath, position: Point) {
        self.view = view
        self.element = element
        self.position = position
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        element = try params.cellPath("element")
        position = try params.point("position")
    }
}

/// What `beginMove` answers: the dragged item.
public struct BeginMoveResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    public var item: LayoutAttributes

    public init(item: LayoutAttributes) { self.item = item }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("item"); writer.attributes(item)
        writer.endObject()
    }
}
