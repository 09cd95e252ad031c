import ArgumentParser
import Foundation
import WorkbenchEngine

/// `workbench serve`: JSON-RPC 2.0 on standard input and output, for editors.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the layout protocol as JSON-RPC 2.0 on standard input and output.",
        discussion: """
            Framing: LSP headers (Content-Length), or one JSON message per line when the input \
            starts with '{' or '['. Logs go to standard error. Exit status: 0 after 'shutdown' then \
            'exit' or at the end of input, 1 for 'exit' without 'shutdown'.
            """)

    @OptionGroup var plugins: PluginOptions
    @OptionGroup var isolation: IsolationOptions

    @Option(help: ArgumentHelp("The largest message accepted, in bytes.", valueName: "bytes"))
    var maximumMessageSize = 64 << 20

    func run() throws {
        let output = try ProtocolStream.takeStandardOutput()
        let catalog = PluginDiscovery.catalog(plugins, isolation)
        let connection = EngineConnection(
            plugins: catalog, output: output, timeout: isolation.timeout,
            releaseMemory: ProtocolStream.memoryReleaser(catalog), log: ProtocolStream.log)
        let status = connection.serve(input: 0, output: output, maximumMessageSize: maximumMessageSize)
        // End now, whatever plugins are doing: children are killed, and a plugin thread stuck
        // in this process (isolation none) ends with the process.
        catalog.terminateChildren()
        Foundation.exit(status)
    }
}
