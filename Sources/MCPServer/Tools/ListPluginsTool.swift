import EngineProtocol
import JSON
import JSONRPC

/// `list_plugins`: the layouts found, with their element kinds and options, and the files refused and why.
enum ListPluginsTool: Tool {
    static let name = "list_plugins"
    static let description =
        "List the layout plugins: each one's name, version, element kinds and options, and every library that was refused, with the reason."
    static let properties: JSONValue = [:]
    static let outputSchema = Schema.object(
        [
            "plugins": [
                "type": "array",
                "items": Schema.object(
                    [
                        "name": ["type": "string"], "version": ["type": "string"], "path": ["type": "string"],
                        "summary": ["type": "string"],
                        "kinds": [
                            "type": "array",
                            "items": Schema.object(
                                ["name": ["type": "string"], "category": ["type": "string"]],
                                required: ["name", "category"]),
                        ],
                        "options": Schema.strings,
                    ], required: ["name", "version", "kinds", "options"]),
            ],
            "refused": [
                "type": "array",
                "items": Schema.object(
                    ["path": ["type": ["string", "null"]], "refused": ["type": "string"]], required: ["refused"]),
            ],
        ], required: ["plugins", "refused"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let answer = try call.engine(PluginsRequest())
        let listed = try ToolError.rethrowing { () throws(RPCError) in try answer.jsonValue() }.arrayValue ?? []
        let plugins = Array(listed.prefix(answer.plugins.count)),
            refused = Array(listed.dropFirst(answer.plugins.count))
        var summary = "\(plugins.count) layout plugin(s): \(answer.plugins.map(\.name).joined(separator: ", "))."
        if !refused.isEmpty {
            summary += " \(refused.count) librar\(refused.count == 1 ? "y was" : "ies were") refused."
        }
        return ToolResult(structured: ["plugins": .array(plugins), "refused": .array(refused)], summary: summary)
    }
}
