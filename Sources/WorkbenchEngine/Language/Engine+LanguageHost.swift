import JSON
import JSONRPC
import LanguageService
import PluginHost
import WorkspaceModel

/// The engine hosts the language service: the service's methods run as documents work
/// (`EngineWork`), and reach the engine through these.
extension Engine: LanguageHost {
    package var pluginRegistry: PluginRegistry { plugins.registry }

    package func serve(_ workspace: Workspace, ifCurrent isCurrent: @escaping @Sendable () -> Bool) {
        enqueueControl { [self] in
            guard isCurrent() else { return }
            _ = replaceWorkspace(workspace.name, with: workspace, keepingViews: true)
            state.watcher(of: workspace.name)?.watch(workspace.filePaths)
        }
    }

    package func closeWorkspace(named name: String) {
        enqueueControl { [state] in _ = state.close(name) }
    }

    package func preparedSummary(ofView id: String) -> String? {
        state.view(id).flatMap { entry in state.withLock { entry.prepared } }
    }

    package func send(_ notification: LanguageNotification, params: JSONValue) {
        notifications.send(RPCNotification(method: notification.rawValue, params: params))
    }
}
