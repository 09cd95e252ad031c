import ArgumentParser
import Foundation
import PluginIsolation

/// `workbench plugin-process LIBRARY` (hidden): the child the workbench spawns to host one plugin
/// library, speaking the private protocol on fd 3. Not for people.
struct PluginProcessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-process",
        abstract: "Host one plugin library for a parent workbench (internal).",
        shouldDisplay: false)

    @Argument(help: "The plugin library to load.")
    var library: String

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        Foundation.exit(PluginProcessChild.run(channel: 3, libraryPath: library))
    }
}

/// `workbench plugin-describe COPY PATH…` (hidden): the child the workbench spawns to load
/// plugin libraries and describe them on fd 3, so that discovery never loads a guest into
/// the workbench itself. Not for people.
struct PluginDescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-describe",
        abstract: "Describe plugin libraries for a parent workbench (internal).",
        shouldDisplay: false)

    @Argument(help: "Pairs of a private copy of a library and the path it was copied from.")
    var libraries: [String] = []

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        Foundation.exit(PluginDescribeChild.run(output: 3, arguments: libraries))
    }
}
