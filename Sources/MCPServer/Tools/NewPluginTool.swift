import Foundation
import JSON
import PluginScaffold

/// `new_plugin {name, language?, directory}`: writes a plugin package that builds with one
/// command and passes `workbench check` unchanged (`workbench new-plugin`).
enum NewPluginTool: Tool {
    static let name = "new_plugin"
    static let description = """
        Write a new layout plugin package (a sectioned list to start from) in Swift (SwiftPM, with a LayoutChecker test) \
        or C (a Makefile), with a sample workspace. Build it with the steps returned, then call reload_plugins with the \
        build folder among the server's --plugins folders, or run it with workbench check.
        """
    static let properties: JSONValue = [
        "name": [
            "type": "string", "description": "The layout's name: lowercase letters, digits and dashes (e.g. my-list).",
        ],
        "language": ["type": "string", "enum": ["swift", "c"], "description": "Default swift."],
        "directory": ["type": "string", "description": "The folder to write; it must not exist or be empty."],
    ]
    static let required = ["name", "directory"]
    static let outputSchema = Schema.object(
        [
            "name": ["type": "string"], "language": ["type": "string"], "directory": ["type": "string"],
            "files": Schema.strings, "next": ["type": "string"],
        ], required: ["name", "language", "directory", "files", "next"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let languageName = try arguments.optionalString("language") ?? "swift"
        guard let language = PluginPackage.Language(rawValue: languageName) else {
            throw ToolError(
                "invalid arguments: arguments.language: expected \"swift\" or \"c\", got \"\(languageName)\"")
        }
        guard let checkout = call.server.workbenchCheckout else {
            throw ToolError(
                "cannot tell which workbench checkout this server was built in, so a plugin has nothing to build against"
            )
        }
        let directory = URL(fileURLWithPath: try arguments.string("directory")).standardizedFileURL.path
        let name = try arguments.string("name")
        let scaffold: PluginPackage
        do throws(PluginPackage.Failure) {
            scaffold = try PluginPackage(
                name: name, language: language, directory: directory, workbench: checkout,
                executable: Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
            try scaffold.write()
        } catch {
            throw ToolError(error.message)
        }
        let next = scaffold.nextSteps
        let files = scaffold.files.map(\.path)
        return ToolResult(
            structured: [
                "name": .string(scaffold.name), "language": .string(language.rawValue), "directory": .string(directory),
                "files": .array(files.map { .string($0) }), "next": .string(next),
            ],
            summary:
                "Wrote the \(language.rawValue) plugin '\(scaffold.name)' (\(files.count) files) to \(directory). Next: \(next)"
        )
    }
}
