import EngineProtocol
import JSON
import JSONRPC

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
        let changes = try call.engine(ReloadRequest.self, params: params)
        let summary =
            "Plugins reloaded: \(changes.added.count) added, \(changes.changed.count) changed, \(changes.removed.count) removed, \(changes.refused.count) refused."
        return ToolResult(
            structured: try ToolError.rethrowing { () throws(RPCError) in try changes.jsonValue() }, summary: summary)
    }
}
