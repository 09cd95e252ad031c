import JSON
import SourceDiagnostics

/// One diagnostic to publish, located by marks until the client's position encoding turns
/// them into ranges.
struct Finding: Sendable, Equatable {
    enum Severity: Int, Sendable {
        case error = 1
        case warning = 2
        case information = 3
        case hint = 4
    }

    /// A place in another file that explains the finding (LSP's related information).
    struct Related: Sendable, Equatable {
        var path: String
        var mark: Mark?
        /// The text of the marked line, to measure the token and count code units.
        var lineText: String
        var message: String
    }

    /// Where in the document, on the token starting there; nil for the file's start.
    var mark: Mark?
    var severity: Severity
    /// A stable name for the kind of problem (`workspace.view`, `plugin.unknown-option`, `contract.…`).
    var code: String
    var message: String
    var related: [Related] = []

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
    func diagnostics(_ findings: [Finding], encoding: PositionEncoding) -> [JSONValue] {
        findings.map { $0.json(on: lines, encoding: encoding) }
    }
}
