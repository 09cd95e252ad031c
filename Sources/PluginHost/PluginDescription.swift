import LayoutKit

/// A plugin's descriptor as plain values: what a child process that loaded the library tells
/// a parent that does not (`PluginDescriber`), so discovery never runs a guest's code in the
/// workbench.
public struct PluginDescription: Codable, Equatable, Sendable {
    public struct Kind: Codable, Equatable, Sendable {
        public var name: String
        public var category: ElementCategory
    }

    public var name: String
    public var version: String
    public var summary: String
    public var kinds: [Kind]
    public var options: [String]
}
