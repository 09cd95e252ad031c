import JSON

/// `reload_plugins {plugins?}`: scans the plugin folders now (a rebuilt plugin is loaded afresh).
enum ReloadPluginsTool: Tool {
    static let name = "reload_plugins"
    static let description =
        "Scan the plugin folders again and load new or rebuilt layout plugins (and those named, even if unchanged). Views of a changed plugin use the new build on their next call."
    static let properties: JSONValue = [
        "plugins": [
            "type": "array", "items": ["type": "string"], "description": "Plugins to reload even if unchanged.",
        ]
    ]
    static let outputSchema = Schema.object(
        [
            "added": Schema.strings, "changed": Schema.strings, "removed": Schema.strings,
            "refused": ["type": "array", "items": ["type": "object"]],
        ], required: ["added", "changed", "removed", "refused"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let params: JSONValue = arguments["plugins"].map { ["plugins": $0] } ?? [:]
        let changes = try call.engine("reload", params)
        func count(_ key: String) -> Int { changes[key]?.arrayValue?.count ?? 0 }
        let summary =
            "Plugins reloaded: \(count("added")) added, \(count("changed")) changed, \(count("removed")) removed, \(count("refused")) refused."
        return ToolResult(structured: changes, summary: summary)
    }
}
