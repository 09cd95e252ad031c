import JSON
import LayoutKit

/// A loaded plugin as the protocol tells it (`plugins`, `initialize`).
public struct PluginListing: Sendable {
    public var name: String
    public var version: String
    /// The library it was loaded from.
    public var path: String
    public var summary: String
    /// Its element kinds, in its order.
    public var kinds: [(name: String, category: ElementCategory)]
    /// The options it takes.
    public var options: [String]
    public var flipsHorizontally: Bool
    /// The shape it declares for its cells (pictures draw it).
    public var cellShape: CellShape

    public init(
        name: String, version: String, path: String, summary: String,
        kinds: [(name: String, category: ElementCategory)], options: [String], flipsHorizontally: Bool,
        cellShape: CellShape = .rectangle
    ) {
        self.name = name
        self.version = version
        self.path = path
        self.summary = summary
        self.kinds = kinds
        self.options = options
        self.flipsHorizontally = flipsHorizontally
        self.cellShape = cellShape
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("cellShape"); writer.string(cellShape.rawValue)
        writer.key("flipsHorizontally"); writer.bool(flipsHorizontally)
        writer.key("kinds")
        writer.beginArray()
        for kind in kinds {
            writer.beginObject()
            writer.key("category"); writer.string(kind.category.name)
            writer.key("name"); writer.string(kind.name)
            writer.endObject()
        }
        writer.endArray()
        writer.key("name"); writer.string(name)
        writer.key("options"); writer.strings(options)
        writer.key("path"); writer.string(path)
        writer.key("summary"); writer.string(summary)
        writer.key("version"); writer.string(version)
        writer.endObject()
    }
}

/// A library file that was not loaded as a plugin, and why.
public struct PluginRefusal: Sendable {
    /// Nil when the refusal is not about one file.
    public var path: String?
    public var reason: String

    public init(path: String?, reason: String) {
        self.path = path
        self.reason = reason
    }

    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("path"); if let path { writer.string(path) } else { writer.null() }
        writer.key("refused"); writer.string(reason)
        writer.endObject()
    }
}

extension JSONWriter {
    /// `[plugin…, refusal…]`: the plugins, then the refusals.
    mutating func plugins(_ plugins: [PluginListing], refusals: [PluginRefusal] = []) {
        beginArray()
        for plugin in plugins { plugin.write(to: &self) }
        for refusal in refusals { refusal.write(to: &self) }
        endArray()
    }

    /// `[string…]`.
    package mutating func strings(_ strings: [String]) {
        beginArray()
        for string in strings { self.string(string) }
        endArray()
    }
}
