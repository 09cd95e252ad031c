/// A text file's path and contents, for reporting errors at a mark.
public struct SourceFile: Sendable {
    /// The path as given by the user; it is what error messages show.
    public let path: String
    public let text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The text of the 1-based `line`, without its line break, or nil past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var lineStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\n" || text[index] == "\r\n" {
                if current == number { return String(text[lineStart..<index]).trimmingTrailingCarriageReturn() }
                current += 1
                lineStart = text.index(after: index)
            }
            index = text.index(after: index)
        }
        return current == number ? String(text[lineStart...]).trimmingTrailingCarriageReturn() : nil
    }

    /// An error located at `mark` in this file.
    public func error(_ message: String, at mark: Mark?) -> Diagnostic {
        Diagnostic(path: path, mark: mark, message: message, sourceLine: mark.flatMap { line($0.line) })
    }
}

extension String {
    fileprivate func trimmingTrailingCarriageReturn() -> String {
        hasSuffix("\r") ? String(dropLast()) : self
    }
}
