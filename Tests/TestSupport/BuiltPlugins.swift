import PluginHost

/// The plugins `swift build` put beside the tests: the shipped layouts.
public enum BuiltPlugins {
    public static var registry: PluginRegistry { PluginRegistry.discover(in: [BuildProducts.directory]) }

    /// The same, run in process (`--isolation none`).
    public static var inProcess: PluginCatalog { .inProcess(registry) }
}
