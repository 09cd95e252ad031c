import ArgumentParser
import PluginHost
import PluginIsolation

/// The `workbench` command: lays out workspaces with layout plugins.
@main
struct Workbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Lay out collection-view workspaces with layout plugins loaded at run time.",
        version: WorkbenchVersion.description,
        subcommands: [
            RunCommand.self, CheckCommand.self, ServeCommand.self, PreviewCommand.self, MCPCommand.self,
            PluginsCommand.self,
            NewPluginCommand.self, PluginProcessCommand.self, PluginDescribeCommand.self,
        ])
}

/// Options every subcommand that loads plugins takes.
struct PluginOptions: ParsableArguments {
    @Option(
        name: .customLong("plugins"),
        help: ArgumentHelp(
            "A folder to load layout plugins from (repeatable); searched before WORKBENCH_PLUGIN_PATH and the executable's folder.",
            valueName: "dir"))
    var directories: [String] = []
}

/// Options of the subcommands that run plugins: where they run, and how long they may take.
struct IsolationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where plugins run: 'process' (each plugin library in a child process; a crash or hang costs one request) or 'none' (in the workbench itself).",
            valueName: "mode"))
    var isolation: Isolation = .process

    @Option(
        help: ArgumentHelp(
            "The plugin sandbox around each plugin process: 'on' (reads only what loading needs, writes nothing, no network or processes) or 'off' (for a trusted plugin). '--isolation none' has no sandbox.",
            valueName: "on|off"))
    var sandbox: SandboxSwitch = .on

    @Option(
        help: ArgumentHelp(
            "The memory (address space) each sandboxed plugin process may use, e.g. 4G or 512M (default 2G).",
            valueName: "size"))
    var pluginMemory: MemorySize?

    @Option(
        help: ArgumentHelp("The longest one prepare may take, in seconds (default: no limit).", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        if let timeout, !(timeout.isFinite && timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout must be a number of seconds greater than 0 and at most 86400")
        }
        if let pluginMemory, pluginMemory.bytes < PluginSandbox.smallestMemoryLimit {
            throw ValidationError("--plugin-memory must be at least 256M")
        }
    }

    /// The sandbox plugin processes run in.
    var pluginSandbox: PluginSandbox {
        PluginSandbox(
            isEnabled: sandbox == .on, memoryLimit: pluginMemory?.bytes ?? PluginSandbox.defaultMemoryLimit)
    }
}

/// `--sandbox on|off`.
enum SandboxSwitch: String, ExpressibleByArgument {
    case on, off
}

extension Isolation: ExpressibleByArgument {}
