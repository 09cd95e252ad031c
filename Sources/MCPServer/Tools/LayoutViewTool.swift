import EngineProtocol
import JSON
import JSONRPC
import LayoutKit
import WorkbenchEngine

/// `layout_view {view, rect?, bounds?}`: lays the view out and shows the rect — its elements,
/// a PNG picture of it, and a paragraph for models that read text.
enum LayoutViewTool: Tool {
    static let name = "layout_view"
    static let description = """
        Lay out a view and look at part of it: the elements whose frames meet the rect (default: the view's bounds), \
        the content size, a PNG picture of the rect (one pixel a point, scaled down beyond 4096 pixels a side; cells blue, \
        supplementary views green, decorations grey) and a one-paragraph summary. With bounds, the view first scrolls or \
        resizes to them (as a collection view's bounds change).
        """
    static let properties: JSONValue = [
        "view": Schema.view,
        "rect": Schema.rect,
        "bounds": Schema.rect,
    ]
    static let required = ["view"]
    static let outputSchema = Schema.object(
        [
            "view": ["type": "string"], "layout": ["type": "string"], "contentSize": Schema.size, "bounds": Schema.rect,
            "rect": Schema.rect,
            "elementCount": ["type": "integer"], "elements": ["type": "array", "items": Schema.attributes],
            "truncated": ["type": "boolean"],
            "counts": ["type": "array", "items": ["type": "object"]], "picture": ViewPicture.pictureSchema,
        ], required: ["view", "layout", "contentSize", "bounds", "rect", "elementCount", "elements", "picture"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let id = try arguments.string("view")
        if let bounds = arguments["bounds"] {
            // As strict as every rect argument (the engine takes other keys), and before the
            // engine is asked: a refused `bounds` leaves the view as it was.
            _ = try arguments.rect("bounds")
            _ = try call.engine(InvalidateRequest.self, params: ["view": .string(id), "bounds": bounds])
        }
        let contentSize = try call.engine(PrepareRequest(view: id)).contentSize
        // The view as the engine has it now: its bounds as `bounds` set them (or scroll anchoring moved them).
        let view = try call.ask(DescribeRequest(view: id))
        let bounds = view.bounds
        let rect = try arguments.rect("rect") ?? bounds
        let queried = try call.engine(QueryRequest(view: id, rect: rect, labels: true))
        let answer = try ToolError.rethrowing { () throws(RPCError) in try queried.elements() }
        let shown = ViewPicture(
            view: id, layout: view.layout, cellShape: try call.cellShape(of: view.layout), rect: rect, answer: answer,
            direction: view.direction)
        let picture = try shown.render()
        let structured: [(key: String, value: JSONValue)] =
            [
                ("view", .string(id)), ("layout", .string(view.layout)),
                ("contentSize", ["width": .number(contentSize.width), "height": .number(contentSize.height)]),
                ("bounds", rectJSON(bounds)), ("picture", ViewPicture.pictureInfo(picture)),
            ] + shown.structured
        return ToolResult(
            structured: .object(structured), summary: shown.summary(contentSize: contentSize, picture: picture),
            pictures: [("The rect of \(id):", picture)])
    }
}

func rectJSON(_ rect: Rect) -> JSONValue {
    ["x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width), "height": .number(rect.height)]
}
