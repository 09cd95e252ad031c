import ArgumentParser
import Foundation
import PluginHost
import PluginIsolation

/// `workbench plugins`: what was found, and why anything was refused.
struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the layout plugins found, and the files refused with the reason.")

    @OptionGroup var plugins: PluginOptions

    @Option(
        help: ArgumentHelp(
            "Load the libraries in the plugin sandbox ('on') or, to list trusted plugins that need more, without it ('off').",
            valueName: "on|off"))
    var sandbox: SandboxSwitch = .on

    func run() throws {
        let sandbox = sandbox == .on ? PluginSandbox() : .off
        let registry = PluginDiscovery.registry(plugins, isolation: .process, sandbox: sandbox)
        print("Searched, in order (the first plugin of a name wins):")
        for (path, origin) in PluginDiscovery.searchFolders(plugins) {
            let exists = FileManager.default.fileExists(atPath: path)
            print("    \(path)  (\(origin.rawValue)\(exists ? "" : "; no such folder"))")
        }
        print(sandbox.summary)
        if registry.plugins.isEmpty { print("No plugins found.") }
        for plugin in registry.plugins.values.sorted(by: { $0.name < $1.name }) {
            print("\(plugin.name) \(plugin.version)  \(plugin.path)")
            print("    \(plugin.summary)")
            if !plugin.kinds.isEmpty {
                print("    kinds: " + plugin.kinds.map { "\($0.name) (\($0.category.name))" }.joined(separator: ", "))
            }
            if !plugin.options.isEmpty { print("    options: " + plugin.options.joined(separator: ", ")) }
        }
        for refusal in registry.refusals { print("refused: \(refusal)") }
    }
}
