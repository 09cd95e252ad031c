import JSON
import SourceDiagnostics

/// One diagnostic to publish, located by marks until the client's position encoding turns
/// them into ranges.
public struct Finding: Sendable, Equatable {
    public enum Severity: Int, Sendable {
        case error = 1
        case warning = 2
        case information = 3
        case hint = 4
    }

    /// A place in another file that explains the finding (LSP's related information).
    public struct Related: Sendable, Equatable {
        public var path: String
        public var mark: Mark?
        /// The text of the marked line, to measure the token and count code units.
        public var lineText: String
        public var message: String
    }

    /// Where in the document, on the token starting there; nil for the file's start.
    public var mark: Mark?
    public var severity: Severity
    /// A stable name for the kind of problem (`workspace.view`, `plugin.unknown-option`, `contract.…`).
    public var code: String
    public var message: String
    public var related: [Related] = []

    public init(mark: Mark?, severity: Severity, code: String, message: String, related: [Related] = []) {
        self.mark = mark
        self.severity = severity
        self.code = code
        self.message = message
        self.related = related
    }

    /// The LSP `Diagnostic` object, measured on `lines` with `encoding`.
    func json(on lines: TextLines, encoding: PositionEncoding) -> JSONValue {
        let range = mark.map { lines.tokenRange(at: $0, encoding: encoding) } ?? .fileStart
        var members: [(key: String, value: JSONValue)] = [
            ("range", range.json), ("severity", .integer(severity.rawValue)), ("code", .string(code)),
            ("source", .string("workbench")), ("message", .string(message)),
        ]
        if !related.isEmpty {
            members.append(
                (
                    "relatedInformation",
                    .array(
                        related.map { related in
                            let range =
                                related.mark.map {
                                    TextLines.tokenRange(
                                        at: $0, inLine: Substring(related.lineText), encoding: encoding)
                                }
                                ?? .fileStart
                            return .members([
                                "location": location(DocumentURI.uri(ofPath: related.path), range),
                                "message": .string(related.message),
                            ])
                        })
                ))
        }
        return .object(members)
    }
}

extension WorkspaceDocument {
    /// `findings` as LSP `Diagnostic` objects on this text.
    public func diagnostics(_ findings: [Finding], encoding: PositionEncoding) -> [JSONValue] {
        findings.map { $0.json(on: lines, encoding: encoding) }
    }
}
