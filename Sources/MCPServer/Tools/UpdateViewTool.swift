import EngineProtocol
import JSON
import JSONRPC
import LayoutKit
import PNGRenderer
import WorkbenchEngine

/// `update_view {view, changes, rect?, images?}`: applies a batch update to the view's data
/// (`update`), and tells what the elements in the rect do — and, when asked, pictures of the
/// rect before and after.
enum UpdateViewTool: Tool {
    static let name = "update_view"
    static let description = """
        Apply batch updates to a view's data, as UICollectionView's performBatchUpdates. Changes: \
        {"insert": [section, item], "value": V}, {"delete": [s, i]}, {"reload": [s, i], "value": V}, \
        {"move": [s, i], "to": [s, i]}, {"insertSection": s, "items": [V…]}, {"deleteSection": s}, \
        {"moveSection": s, "to": t}; deletes and reloads at old positions, inserts at new. \
        Returns the animation's end states of the elements meeting the rect (default: the bounds): appearing \
        (after, initial), disappearing (before, final), moving (before, after), and the new content size. An invalid \
        batch is refused whole. With images: true, PNG pictures of the rect before and after.
        """
    static let properties: JSONValue = [
        "view": Schema.view,
        "changes": [
            "type": "array", "items": ["type": "object"],
            "description": "The batch, as the layout protocol's update takes it.",
        ],
        "rect": Schema.rect,
        "images": [
            "type": "boolean", "description": "Also return pictures of the rect before and after (default false).",
        ],
    ]
    static let required = ["view", "changes"]
    static let outputSchema = Schema.object(
        [
            "appearing": ["type": "array", "items": ["type": "object"]],
            "disappearing": ["type": "array", "items": ["type": "object"]],
            "moving": ["type": "array", "items": ["type": "object"]], "contentSize": Schema.size,
            "before": ViewPicture.pictureSchema, "after": ViewPicture.pictureSchema,
        ], required: ["appearing", "disappearing", "moving", "contentSize"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let id = try arguments.string("view")
        let view = try call.ask(DescribeRequest(view: id))
        let wantsImages = try arguments.bool("images", default: false)
        let rect = try arguments.rect("rect") ?? view.bounds
        func picture() throws(ToolError) -> ViewPicture {
            let queried = try call.engine(QueryRequest(view: id, rect: rect, labels: true))
            return ViewPicture(
                view: id, layout: view.layout, cellShape: try call.cellShape(of: view.layout), rect: rect,
                answer: try ToolError.rethrowing { () throws(RPCError) in try queried.elements() },
                direction: view.direction)
        }
        let before = wantsImages ? try picture().render() : nil
        var params: [(key: String, value: JSONValue)] = [
            ("view", .string(id)), ("changes", arguments["changes"] ?? .null),
        ]
        if let given = arguments["rect"] { params.append(("rect", given)) }
        let update = try call.engine(UpdateRequest.self, params: .object(params))
        guard case .object(var answer) = try ToolError.rethrowing({ () throws(RPCError) in try update.jsonValue() })
        else {
            throw ToolError("the engine gave no update")
        }
        var pictures: [(caption: String, picture: PNGPainter.Picture)] = []
        if let before {
            let after = try picture().render()
            answer += [("before", ViewPicture.pictureInfo(before)), ("after", ViewPicture.pictureInfo(after))]
            pictures = [("Before the update:", before), ("After the update:", after)]
        }
        let result = JSONValue.object(answer)
        let changes = update.changes, size = update.contentSize
        let summary =
            "Updated \(id): in the rect, \(changes.appearing.count) element(s) appear, \(changes.disappearing.count) disappear and "
            + "\(changes.moving.count) move; the content size is now \(ViewPicture.format(size.width)) × "
            + "\(ViewPicture.format(size.height))."
        return ToolResult(structured: result, summary: summary, pictures: pictures)
    }
}
