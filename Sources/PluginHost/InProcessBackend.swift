import LayoutKit

/// Runs a plugin's layouts in this process, through its C function table: the fastest
/// mode, and the one where a crashing plugin takes the workbench with it (`--isolation none`).
public final class InProcessBackend: PluginBackend {
    public let plugin: LoadedPlugin

    public init(plugin: LoadedPlugin) {
        self.plugin = plugin
    }

    public func makeInstance(options: [String: Value]) throws(PluginCallError) -> any PluginInstance {
        try InProcessInstance(plugin: plugin, options: options)
    }
}
