import EngineProtocol
import FileWatching
import LanguageService
import PluginHost

extension Engine {
    /// Watches the plugin folders: a library written, renamed in or out, or deleted reloads
    /// the plugins (as control work, in order with requests) and the client hears
    /// `plugins/didChange {added, changed, removed, refused}`. Nil when inotify is unavailable.
    func watchPluginFolders() -> FileWatcher? {
        let folders = plugins.registry.directories
        guard !folders.isEmpty else { return nil }
        do {
            return try FileWatcher(folders: folders, accepting: { $0.hasSuffix(".so") || $0.hasSuffix(".dylib") }) {
                [weak self] _ in
                guard let engine = self else { return }
                engine.enqueueControl {
                    let changes = engine.reloadPlugins(forcing: [])
                    guard !changes.isEmpty else { return }
                    engine.notify(PluginsDidChangeNotification(changes: ReloadResponse(changes)))
                }
            }
        } catch {
            log("plugin folders are not watched: \(error)")
            return nil
        }
    }

    /// Scans the plugin folders again; the views of a changed or removed plugin drop their
    /// sessions, so their next request makes a layout with the new build (or reports the
    /// plugin missing) and prepares it, at the bounds the view had. Call from control work.
    func reloadPlugins(forcing: Set<String>) -> PluginChanges {
        let changes = plugins.reload(forcing: forcing)
        if !changes.isEmpty { republishDiagnostics() }
        let affected = Set(changes.changed + changes.removed)
        guard !affected.isEmpty else { return changes }
        for entry in state.entries(usingAny: affected) { enqueueViewWork(entry.id) { entry.pluginDidChange() } }
        memoryRelease.soon()
        return changes
    }
}
