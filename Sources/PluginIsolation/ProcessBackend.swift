import LayoutKit
import Platform
import PluginHost

/// Runs a plugin's layouts in child processes of the workbench (`workbench plugin-process`), one
/// child per layout instance: a crash or a hang costs the request in it, never the workbench
/// or another view.
public final class ProcessBackend: PluginBackend {
    public let plugin: LoadedPlugin
    let executable: String
    let sandbox: PluginSandbox
    let health = PluginHealth()

    /// - Parameters:
    ///   - executable: the workbench executable to spawn (`Portability.executablePath` in the workbench: `/proc/self/exe` on Linux).
    ///   - sandbox: the sandbox each child runs the plugin in.
    public init(
        plugin: LoadedPlugin, executable: String = Portability.executablePath, sandbox: PluginSandbox = PluginSandbox()
    ) {
        self.plugin = plugin
        self.executable = executable
        self.sandbox = sandbox
    }

    public func makeInstance(options: [String: Value]) throws(PluginCallError) -> any PluginInstance {
        try ProcessInstance(
            process: PluginProcess(plugin: plugin, executable: executable, health: health, sandbox: sandbox),
            options: options)
    }
}

extension PluginCatalog {
    /// Every plugin in a child process of `executable` (`--isolation process`), in `sandbox`.
    public static func isolated(
        _ registry: PluginRegistry, executable: String = Portability.executablePath,
        sandbox: PluginSandbox = PluginSandbox()
    ) -> PluginCatalog {
        PluginCatalog(registry: registry, isolation: .process) {
            ProcessBackend(plugin: $0, executable: executable, sandbox: sandbox)
        }
    }

    /// Every plugin in a child process of `executable`, in `sandbox`, found on a thread of its
    /// own (see `init(isolation:discovering:makeBackend:)`).
    public static func isolated(
        discovering discover: @escaping @Sendable () -> PluginRegistry, executable: String = Portability.executablePath,
        sandbox: PluginSandbox = PluginSandbox()
    ) -> PluginCatalog {
        PluginCatalog(isolation: .process, discovering: discover) {
            ProcessBackend(plugin: $0, executable: executable, sandbox: sandbox)
        }
    }

    /// Kills every plugin process at once, whatever it is doing (the workbench is exiting);
    /// first waits for a discovery still under way, so that no describing child starts after.
    public func terminateChildren() {
        waitForDiscovery()
        LiveChildren.killAll()
    }
}
