import Foundation
import Platform

/// What a rescan of the plugin folders found different: plugin names added, changed (a new
/// build of the library, or forced to load again) and removed, and the files newly refused.
public struct PluginChanges: Equatable, Sendable {
    public var added: [String] = []
    public var changed: [String] = []
    public var removed: [String] = []
    /// Refusals of files that are new or changed since the last scan, with the reasons.
    public var refused: [PluginError] = []

    public init() {}

    public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty && refused.isEmpty }
}

extension PluginRegistry {
    /// The same folders scanned again. A file whose identity (device, inode, size,
    /// modification time) has not changed keeps what it had — the loaded plugin or the
    /// refusal — without being loaded again; a new or changed file is loaded from a fresh copy.
    ///
    /// - Parameter forcing: plugin names to load again even if their files did not change
    ///   (a `reload` request naming them: a plugin marked broken starts afresh).
    public func rescanned(forcing: Set<String> = []) -> (registry: PluginRegistry, changes: PluginChanges) {
        let next = PluginRegistry.scan(directories, loading: loading, reusing: scanned, forcing: forcing)
        var changes = PluginChanges()
        for (name, plugin) in next.plugins.sorted(by: { $0.key < $1.key }) {
            if let old = plugins[name] {
                if old !== plugin { changes.changed.append(name) }
            } else {
                changes.added.append(name)
            }
        }
        changes.removed = plugins.keys.filter { next.plugins[$0] == nil }.sorted()
        changes.refused = next.refusals.filter { refusal in
            guard let path = refusal.path, let old = scanned[path] else { return true }
            return old.identity != next.scanned[path]?.identity || !refusals.contains(refusal)
        }
        return (next, changes)
    }
}

/// One candidate file as scanned: what it was and what became of it.
struct ScannedFile: Sendable {
    var identity: FileIdentity?
    var outcome: Result<LoadedPlugin, PluginError>

    func isPlugin(namedIn names: Set<String>) -> Bool {
        if case .success(let plugin) = outcome { return names.contains(plugin.name) }
        return false
    }
}

/// Which file a path is and which version of it: a rebuild renamed over it is a new inode,
/// a `cp` over it a new size or modification time.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The identity of the file at `path` (following links), or nil if it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
