import ArgumentParser
import PluginHost

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
        help: ArgumentHelp("The longest one prepare may take, in seconds (default: no limit).", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        if let timeout, !(timeout.isFinite && timeout > 0 && timeout <= 86_400) {
            throw ValidationError("--timeout must be a number of seconds greater than 0 and at most 86400")
        }
    }
}

extension Isolation: ExpressibleByArgument {}
