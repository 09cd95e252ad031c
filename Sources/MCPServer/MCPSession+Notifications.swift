import EngineProtocol
import JSON
import JSONRPC

extension MCPSession {
    /// A notification from the engine, passed on in MCP's terms: a watched workspace reloaded
    /// → resource updates (listed through the engine, so on the worker queue, not the engine's
    /// thread that sent it); plugins changed → a log message; `$/progress` → the progress of
    /// the tool call that sent its token.
    func engineNotified(_ notification: RPCNotification) {
        switch notification.params {
        case let change as WorkspaceDidChangeNotification:
            enqueue { [self] in
                workspaceFilesChanged(change.workspace)
                if let error = change.error?.rendered {
                    sendLog(
                        "warning",
                        [
                            "event": "workspace edit refused", "workspace": .string(change.workspace),
                            "error": .string(error),
                        ])
                }
            }
        case let plugins as PluginsDidChangeNotification:
            let changes = (try? plugins.changes.jsonValue()) ?? [:]
            sendLog("info", ["event": "plugins changed", "changes": changes])
        case let progress as ProgressNotification:
            guard case .string(let token) = progress.token else { return }
            withState { $0.progressRelays[token] }?.forward(progress.value)
        default:
            break
        }
    }

    /// `notifications/message` at `level`, unless the client asked for higher levels only.
    func sendLog(_ level: String, _ data: JSONValue) {
        guard let index = Self.logLevels.firstIndex(of: level), index >= withState({ $0.logLevel }) else { return }
        notify("notifications/message", ["level": .string(level), "logger": "workbench", "data": data])
    }
}
