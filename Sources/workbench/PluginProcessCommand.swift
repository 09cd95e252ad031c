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

    @OptionGroup var sandbox: ChildSandboxOptions

    @Argument(help: "The plugin library to load.")
    var library: String

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        Foundation.exit(PluginProcessChild.run(channel: 3, libraryPath: library, sandbox: sandbox.policy))
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

    @OptionGroup var sandbox: ChildSandboxOptions

    @Argument(help: "Pairs of a private copy of a library and the path it was copied from.")
    var libraries: [String] = []

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        Foundation.exit(PluginDescribeChild.run(output: 3, arguments: libraries, sandbox: sandbox.policy))
    }
}

/// The sandbox options the parent passes to its plugin children (`PluginSandbox.childArguments`).
struct ChildSandboxOptions: ParsableArguments {
    @Option(help: "The plugin sandbox: on or off.")
    var sandbox: SandboxSwitch = .on

    @Option(help: "The address space the process may use, in bytes.")
    var pluginMemory: UInt64 = PluginSandbox.defaultMemoryLimit

    var policy: PluginSandbox { PluginSandbox(isEnabled: sandbox == .on, memoryLimit: pluginMemory) }
}
