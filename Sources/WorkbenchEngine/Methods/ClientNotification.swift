import EngineProtocol
import LanguageService

/// Every notification the engine sends the client, beside `MethodTable`'s methods: one type
/// each (`EngineProtocol`'s `EngineNotification`s; the language service's own are
/// `LanguageNotification`), sent as values through `Engine.notify`.
enum ClientNotification {
    static let types: [any EngineNotification.Type] = [
        // A long request's progress (`WorkDoneProgress`).
        ProgressNotification.self,
        // A watched workspace was loaded again after an edit (`WorkspaceWatching`), or a watched
        // folder gained or lost one (`FolderWatching`).
        WorkspaceDidChangeNotification.self,
        // A plugin folder changed and the plugins were scanned again (`PluginReloading`).
        PluginsDidChangeNotification.self,
    ]

    /// Every notification's name, the language service's last (`initialize` lists them).
    static var names: [String] { types.map { $0.method } + LanguageNotification.allCases.map(\.rawValue) }
}
