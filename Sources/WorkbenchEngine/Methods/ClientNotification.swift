import JSON
import JSONOutput
import LanguageService

/// Every notification the engine sends the client, beside `MethodTable`'s methods (the
/// language service's own are `LanguageNotification`): one list of names, and one way to
/// write the message.
enum ClientNotification: String, CaseIterable {
    /// A long request's progress (`WorkDoneProgress`).
    case progress = "$/progress"
    /// A watched workspace was loaded again after an edit (`WorkspaceWatching`).
    case workspaceDidChange = "workspace/didChange"
    /// A plugin folder changed and the plugins were scanned again (`PluginReloading`).
    case pluginsDidChange = "plugins/didChange"

    /// Every notification's name, the language service's last (`initialize` lists them).
    static var names: [String] { allCases.map(\.rawValue) + LanguageNotification.allCases.map(\.rawValue) }

    /// The whole message, `{"jsonrpc": "2.0", "method", "params"}`, with `params` written by
    /// `writeParams` (one JSON value).
    func message(_ writeParams: (inout JSONWriter) -> Void) -> [UInt8] {
        Self.message(method: rawValue, writeParams)
    }

    /// The whole message of the notification `method`, with `params` written by `writeParams`.
    static func message(method: String, _ writeParams: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("jsonrpc"); writer.string("2.0")
        writer.key("method"); writer.string(method)
        writer.key("params")
        writeParams(&writer)
        writer.endObject()
        return writer.bytes
    }
}
