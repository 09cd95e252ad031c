import Foundation
import JSON

/// `workbench.openPreview [uri, view]`: the code lens's command. The preview (`workbench
/// preview PATH --port N`) is its own process; the command answers with the command line that
/// shows the view and the page's address, for the editor to run or show.
enum OpenInPreviewCommand {
    static let name = "workbench.openPreview"
    /// The port the answer's command line and address use.
    static let port = 8080

    /// The answer to `workspace/executeCommand` with `arguments`.
    ///
    /// - Throws: a message naming the argument that is missing or not a string.
    static func run(arguments: [JSONValue]) throws(OpenInPreviewCommandError) -> (result: JSONValue, message: String) {
        guard arguments.count == 2, case .string(let uri) = arguments[0], case .string(let view) = arguments[1] else {
            throw OpenInPreviewCommandError(
                message: "params.arguments: expected [document URI, view name], got \(arguments.count) arguments")
        }
        guard let path = DocumentURI.path(of: uri) else {
            throw OpenInPreviewCommandError(message: "params.arguments[0]: expected a file: URI, got '\(uri)'")
        }
        let commandLine = "workbench preview \(shellQuoted(path)) --port \(port)"
        let address = "http://127.0.0.1:\(port)/#\(view)"
        let message = "Preview of view '\(view)': run `\(commandLine)`, then open \(address)"
        return (
            .members(["commandLine": .string(commandLine), "url": .string(address), "view": .string(view)]), message
        )
    }

    private static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) }
            ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A `workspace/executeCommand` request the command cannot take.
struct OpenInPreviewCommandError: Error {
    var message: String
}
