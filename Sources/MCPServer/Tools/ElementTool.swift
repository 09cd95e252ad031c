import EngineProtocol
import JSON
import JSONRPC

/// `element {view, element}`: one element's attributes, or null if the view has no such element.
enum ElementTool: Tool {
    static let name = "element"
    static let description =
        "The layout attributes of one element of a view (frame, zIndex, alpha, hidden, and the plugin's own fields), or null if there is no such element."
    static let properties: JSONValue = ["view": Schema.view, "element": Schema.element]
    static let required = ["view", "element"]
    static let outputSchema = Schema.object(
        ["element": ["anyOf": [Schema.attributes, ["type": "null"]]]], required: ["element"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let view = try arguments.string("view")
        // Cells' attributes say `kind: null`; an agent may well send that back.
        var element = arguments["element"] ?? .null
        if case .object(let members) = element {
            element = .object(members.filter { !($0.key == "kind" && $0.value == .null) })
        }
        let answer = try call.engine(QueryRequest.self, params: ["view": .string(view), "element": element])
        let found = try ToolError.rethrowing { () throws(RPCError) in try answer.jsonValue() }["element"] ?? .null
        let summary: String
        if case .element(let attributes?) = answer.content {
            let frame = attributes.frame
            let (x, y) = (ViewPicture.format(frame.x), ViewPicture.format(frame.y))
            summary =
                "The element's frame is (\(x), \(y), \(ViewPicture.format(frame.width)) × \(ViewPicture.format(frame.height)))."
        } else {
            summary = "View \(view) has no such element."
        }
        return ToolResult(structured: ["element": found], summary: summary)
    }
}
