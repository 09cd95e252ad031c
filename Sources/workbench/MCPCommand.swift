import ArgumentParser
import Foundation
import MCPServer
import PluginScaffold

/// `workbench mcp [PATH…]`: the Model Context Protocol on standard input and output, for coding agents.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the Model Context Protocol (2025-06-18) on standard input and output, for coding agents.",
        discussion: """
            Tools: list_plugins, open_workspace, layout_view (elements, a PNG picture and a summary), element, \
            update_view, check_view, new_plugin, reload_plugins. Resources: the open workspaces and their data \
            files, with subscriptions. Messages are JSON, one per line. Logs go to standard error. PATH: workspace \
            files (or folders of them) to open at the start, watched like those the client opens.
            """)

    @Argument(help: ArgumentHelp("Workspace files or folders of them to open at the start.", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var plugins: PluginOptions
    @OptionGroup var isolation: IsolationOptions

    @Option(help: ArgumentHelp("The largest message accepted, in bytes.", valueName: "bytes"))
    var maximumMessageSize = 64 << 20

    func validate() throws {
        if maximumMessageSize < 1024 {
            throw ValidationError("--maximum-message-size must be at least 1024, got \(maximumMessageSize)")
        }
    }

    func run() throws {
        let output = try ProtocolStream.takeStandardOutput()
        let catalog = PluginDiscovery.catalog(plugins, isolation)
        let session = MCPSession(
            plugins: catalog, output: output,
            workbenchCheckout: Bundle.main.executablePath.flatMap(PluginPackage.checkout(containing:)),
            timeout: isolation.timeout, releaseMemory: ProtocolStream.memoryReleaser(catalog), log: ProtocolStream.log)
        session.open(paths.flatMap(Self.workspaceFiles))
        let status = session.serve(input: 0, maximumMessageSize: maximumMessageSize)
        catalog.terminateChildren()
        Foundation.exit(status)
    }

    /// A file, or the `*.yaml` / `*.yml` files of a folder, in name order.
    static func workspaceFiles(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [path] }
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map {
            (path as NSString).appendingPathComponent($0)
        }
    }
}
