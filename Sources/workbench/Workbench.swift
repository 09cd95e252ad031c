import ArgumentParser

/// The `workbench` command: lays out workspaces with layout plugins.
@main
struct Workbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Lay out collection-view workspaces with layout plugins loaded at run time.",
        subcommands: [RunCommand.self, CheckCommand.self, ServeCommand.self, PluginsCommand.self, NewPluginCommand.self])
}

/// Options every subcommand that loads plugins takes.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp(
        "A folder to load layout plugins from (repeatable); searched before WORKBENCH_PLUGIN_PATH and the executable's folder.",
        valueName: "dir"))
    var directories: [String] = []
}
