import JSON

/// `plugins` → `[{flipsHorizontally, kinds, name, options, path, summary, version}…]`, then one
/// `{path, refused}` per file that was refused.
public struct PluginsRequest: EngineRequest {
    public typealias Response = PluginsResponse
    public static let method = "plugins"

    public init() {}

    public init(json params: JSONValue) {}
}

/// What `plugins` answers: the plugins loaded, by name, and the files refused.
public struct PluginsResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    public var plugins: [PluginListing]
    public var refusals: [PluginRefusal]

    public init(plugins: [PluginListing], refusals: [PluginRefusal]) {
        self.plugins = plugins
        self.refusals = refusals
    }

    public func write(to writer: inout JSONWriter) {
        writer.plugins(plugins, refusals: refusals)
    }
}
