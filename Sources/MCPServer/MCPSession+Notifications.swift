import JSON

extension MCPSession {
    /// A notification from the engine, passed on in MCP's terms: a watched workspace reloaded
    /// → resource updates; plugins changed → a log message; `$/progress` → the progress of
    /// the tool call that sent its token.
    func engineNotified(_ method: String, _ params: JSONValue) {
        switch method {
        case "workspace/didChange":
            guard case .string(let name)? = params["workspace"] else { return }
            workspaceFilesChanged(name)
            if let error = params["error"]?["rendered"]?.stringValue {
                sendLog(
                    "warning", ["event": "workspace edit refused", "workspace": .string(name), "error": .string(error)])
            }
        case "plugins/didChange":
            sendLog("info", ["event": "plugins changed", "changes": params])
        case "$/progress":
            guard case .string(let token)? = params["token"], let value = params["value"] else { return }
            withState { $0.progressRelays[token] }?.forward(value)
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
