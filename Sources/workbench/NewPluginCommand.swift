import ArgumentParser
import Foundation
import PluginScaffold

/// `workbench new-plugin NAME`: a ready plugin package, in Swift or C.
struct NewPluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-plugin",
        abstract: "Write a new layout plugin package that builds with one command and passes `workbench check`.",
        discussion: """
            Swift: a SwiftPM package depending on this workbench's LayoutKit (by path), with the layout, \
            its export, a test running the LayoutChecker, and a sample workspace; build with `swift build`, \
            test with `swift test`, check with `workbench check Workspaces --plugins .build/debug`. \
            C: one .c file against the ABI header, a Makefile and a sample workspace; build with `make`, \
            check with `make check`. The layout is a sectioned list to start from.
            """)

    @Argument(
        help: ArgumentHelp(
            "The layout's name in workspaces: lowercase letters, digits and dashes (e.g. my-list).", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("swift or c.", valueName: "language"))
    var language: PluginPackage.Language = .swift

    @Option(
        help: ArgumentHelp("The folder to write (default: ./NAME); it must not exist or be empty.", valueName: "dir"))
    var directory: String?

    @Option(
        help: ArgumentHelp(
            "The workbench checkout to build against (default: the one this workbench was built in).", valueName: "dir")
    )
    var workbench: String?

    func validate() throws {
        do {
            _ = try PluginPackage(name: name, language: language, directory: "", workbench: "")
        } catch {
            throw ValidationError(error.message)
        }
        if let workbench,
            !FileManager.default.fileExists(atPath: workbench + "/Sources/CLayoutABI/include/workbench_layout.h")
        {
            throw ValidationError(
                "--workbench \(workbench): not a workbench checkout (no Sources/CLayoutABI/include/workbench_layout.h)")
        }
    }

    func run() throws {
        guard
            let checkout = workbench.map(Self.absolute)
                ?? Bundle.main.executablePath.flatMap(PluginPackage.checkout(containing:))
        else {
            throw ValidationError(
                "cannot tell which workbench checkout this executable was built in; give it with --workbench DIR")
        }
        let folder = Self.absolute(directory ?? name)
        do {
            let scaffold = try PluginPackage(
                name: name, language: language, directory: folder, workbench: checkout,
                executable: Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
            try scaffold.write()
            print(
                "Wrote the \(language == .swift ? "Swift" : "C") plugin '\(name)' to \(folder). Next:\n  \(scaffold.nextSteps)"
            )
        } catch {
            StandardStream.error.writeLine(Array("workbench: \(error)".utf8)[...])
            throw ExitCode(1)
        }
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.path
    }
}

extension PluginPackage.Language: ExpressibleByArgument {}
