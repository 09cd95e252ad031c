import LayoutKit

/// Runs a plugin's layouts in this process, through its C function table: the fastest
/// mode, and the one where a crashing plugin takes the workbench with it (`--isolation none`).
public final class InProcessBackend: PluginBackend {
    public let plugin: LoadedPlugin

    public init(plugin: LoadedPlugin) {
        self.plugin = plugin
    }

    public func makeInstance(options: [String: Value]) throws(PluginCallError) -> any PluginInstance {
        guard plugin.isLoadedHere else {
            throw .broken(
                plugin: plugin.name, reason: "it was only described by a plugin host process, not loaded here")
        }
        return try InProcessInstance(plugin: plugin, options: options)
    }
}
