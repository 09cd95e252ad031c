import JSON
import JSONOutput

/// Every notification the engine sends the client, beside `MethodTable`'s methods: one list
/// of names, and one way to write the message.
enum ClientNotification: String, CaseIterable {
    /// A long request's progress (`WorkDoneProgress`).
    case progress = "$/progress"
    /// A watched workspace was loaded again after an edit (`WorkspaceWatching`).
    case workspaceDidChange = "workspace/didChange"
    /// A plugin folder changed and the plugins were scanned again (`PluginReloading`).
    case pluginsDidChange = "plugins/didChange"
    /// The language server's problems in a document.
    case publishDiagnostics = "textDocument/publishDiagnostics"
    /// A message for the person at the editor (the language server's commands).
    case showMessage = "window/showMessage"

    /// The whole message, `{"jsonrpc": "2.0", "method", "params"}`, with `params` written by
    /// `writeParams` (one JSON value).
    func message(_ writeParams: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("jsonrpc"); writer.string("2.0")
        writer.key("method"); writer.string(rawValue)
        writer.key("params")
        writeParams(&writer)
        writer.endObject()
        return writer.bytes
    }
}
