import JSON

/// `plugins/didChange {added, changed, refused, removed}`: a plugin folder changed and the
/// plugins were scanned again; the changes as `reload` answers them.
public struct PluginsDidChangeNotification: EngineNotification {
    public static let method = "plugins/didChange"
    public var changes: ReloadResponse

    public init(changes: ReloadResponse) { self.changes = changes }

    public func write(to writer: inout JSONWriter) { changes.write(to: &writer) }
}
