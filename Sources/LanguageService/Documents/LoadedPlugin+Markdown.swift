import PluginHost

extension LoadedPlugin {
    /// The plugin's summary, version, kinds and options, in Markdown.
    var hoverText: String {
        let kinds = kinds.map { "`\($0.name)` (\($0.category.name))" }.joined(separator: ", ")
        let options = options.map { "`\($0)`" }.joined(separator: ", ")
        return
            "**\(name)** \(version)\n\n\(summary)\n\n- kinds: \(kinds.isEmpty ? "none" : kinds)\n- options: \(options.isEmpty ? "none" : options)"
    }
}
