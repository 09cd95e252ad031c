import JSON
import JSONRPC
import RequestParams

/// `reload {plugins?: [name]}` → `{added, changed, refused, removed}`: scans the plugin folders
/// now, loading new and changed libraries (and those named, even if unchanged).
public struct ReloadRequest: EngineRequest {
    public typealias Response = ReloadResponse
    public static let method = "reload"
    /// Plugins to load again even if their files did not change.
    public var forcing: Set<String>

    public init(forcing: Set<String> = []) { self.forcing = forcing }

    public init(json params: JSONValue) throws(RPCError) {
        forcing = []
        guard Params(params).has("plugins") else { return }
        guard case .array(let names) = params["plugins"] else {
            throw .invalidParams("params.plugins: expected an array of plugin names")
        }
        for (index, name) in names.enumerated() {
            guard case .string(let name) = name else {
                throw .invalidParams("params.plugins[\(index)]: expected a plugin name (a string)")
            }
            forcing.insert(name)
        }
    }
}

/// What a rescan of the plugin folders found different (`reload`, `plugins/didChange`).
public struct ReloadResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    public var added: [String]
    public var changed: [String]
    public var removed: [String]
    /// Files newly refused, with the reasons.
    public var refused: [PluginRefusal]

    public init(added: [String], changed: [String], removed: [String], refused: [PluginRefusal]) {
        self.added = added
        self.changed = changed
        self.removed = removed
        self.refused = refused
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("added"); writer.strings(added)
        writer.key("changed"); writer.strings(changed)
        writer.key("refused")
        writer.beginArray()
        for refusal in refused { refusal.write(to: &writer) }
        writer.endArray()
        writer.key("removed"); writer.strings(removed)
        writer.endObject()
    }
}
