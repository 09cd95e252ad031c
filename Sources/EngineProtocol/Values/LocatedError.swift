import JSON

/// A workspace error at its place in a file, as the protocol tells it: `{column, file, line, rendered}`.
public struct LocatedError: Sendable {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The whole error as `file:line:column: error: message`, the source line and a caret.
    public var rendered: String

    public init(file: String, line: Int?, column: Int?, rendered: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rendered = rendered
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("column")
        if let column { writer.integer(column) } else { writer.null() }
        writer.key("file"); writer.string(file)
        writer.key("line")
        if let line { writer.integer(line) } else { writer.null() }
        writer.key("rendered"); writer.string(rendered)
        writer.endObject()
    }
}
