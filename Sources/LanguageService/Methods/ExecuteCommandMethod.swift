import JSON
import JSONRPC
import RequestParams

/// `workspace/executeCommand {command, arguments}` → the command's answer. The one command,
/// `workbench.openPreview [uri, view]`, answers `{commandLine, url, view}` — how to show the
/// view in `workbench preview` — and says so in a `window/showMessage`.
package enum ExecuteCommandMethod: DocumentMethod {
    package static let name = "workspace/executeCommand"

    package static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8] {
        let command = try params.string("command")
        guard command == OpenInPreviewCommand.name else {
            throw .invalidParams("params.command: unknown command '\(command)'; commands: \(OpenInPreviewCommand.name)")
        }
        let arguments: [JSONValue]
        switch params.value["arguments"] {
        case .array(let given)?: arguments = given
        case nil: arguments = []
        case let other?: throw .invalidParams("params.arguments: expected an array, got \(other.kindDescription)")
        }
        do {
            let (result, message) = try OpenInPreviewCommand.run(arguments: arguments)
            host.send(.showMessage, params: .object([("type", .number(3)), ("message", .string(message))]))
            return encoded(result)
        } catch {
            throw .invalidParams(error.message)
        }
    }
}
