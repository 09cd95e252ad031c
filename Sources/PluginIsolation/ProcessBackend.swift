import LayoutKit
import Platform
import PluginHost

/// Runs a plugin's layouts in child processes of the workbench (`workbench plugin-process`), one
/// child per layout instance: a crash or a hang costs the request in it, never the workbench
/// or another view.
public final class ProcessBackend: PluginBackend {
    public let plugin: LoadedPlugin
    let executable: String
    let health = PluginHealth()

    /// - Parameter executable: the workbench executable to spawn (`Portability.executablePath` in the workbench: `/proc/self/exe` on Linux).
    public init(plugin: LoadedPlugin, executable: String = Portability.executablePath) {
        self.plugin = plugin
        self.executable = executable
    }

    public func makeInstance(options: [String: Value]) throws(PluginCallError) -> any PluginInstance {
        try ProcessInstance(
            process: PluginProcess(plugin: plugin, executable: executable, health: health), options: options)
    }
}

extension PluginCatalog {
    /// Every plugin in a child process of `executable` (`--isolation process`).
    public static func isolated(_ registry: PluginRegistry, executable: String = Portability.executablePath)
        -> PluginCatalog
    {
        PluginCatalog(registry: registry, isolation: .process) { ProcessBackend(plugin: $0, executable: executable) }
    }

    /// Kills every plugin process at once, whatever it is doing (the workbench is exiting).
    public func terminateChildren() {
        LiveChildren.killAll()
    }
}
