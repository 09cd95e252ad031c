/// An error about a file, rendered the way compilers do:
///
///     path:line:column: error: message
///       source line
///       ^
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    /// Where in the file; nil when the error is about the file as a whole.
    public var mark: Mark?
    public var message: String
    /// The text of the marked line, shown under the message with a caret.
    public var sourceLine: String?

    public init(path: String, mark: Mark? = nil, message: String, sourceLine: String? = nil) {
        self.path = path
        self.mark = mark
        self.message = message
        self.sourceLine = sourceLine
    }

    /// The one-line form: `path:line:column: error: message`.
    public var summary: String {
        if let mark { return "\(path):\(mark.line):\(mark.column): error: \(message)" }
        return "\(path): error: \(message)"
    }

    /// The summary, then the source line and a caret under the column, when known.
    public var description: String {
        guard let mark, let sourceLine else { return summary }
        let shown = sourceLine.replacingTabsWithSpaces()
        let caretIndent = String(repeating: " ", count: max(0, min(mark.column - 1, shown.unicodeScalars.count)))
        return "\(summary)\n  \(shown)\n  \(caretIndent)^"
    }
}

extension String {
    fileprivate func replacingTabsWithSpaces() -> String {
        String(unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
    }
}
