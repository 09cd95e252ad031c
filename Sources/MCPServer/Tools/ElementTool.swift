import JSONRPC

/// `element {view, element}`: one element's attributes, or null if the view has no such element.
enum ElementTool: Tool {
    static let name = "element"
    static let description = "The layout attributes of one element of a view (frame, zIndex, alpha, hidden, and the plugin's own fields), or null if there is no such element."
    static let properties: JSONValue = ["view": Schema.view, "element": Schema.element]
    static let required = ["view", "element"]
    static let outputSchema = Schema.object(["element": ["anyOf": [Schema.attributes, ["type": "null"]]]], required: ["element"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let view = try arguments.string("view")
        let answer = try call.engine("query", ["view": .string(view), "element": arguments["element"] ?? .null])
        let element = answer["element"] ?? .null
        let summary: String
        if let frame = element["frame"] {
            let number = { (key: String) in frame[key]?.numberValue.map { "\($0)" } ?? "?" }
            summary = "The element's frame is (\(number("x")), \(number("y")), \(number("width")) × \(number("height")))."
        } else {
            summary = "View \(view) has no such element."
        }
        return ToolResult(structured: ["element": element], summary: summary)
    }
}
