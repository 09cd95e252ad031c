/// How an LSP position's `character` counts: UTF-16 code units (LSP's default) or UTF-8 bytes.
package enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The encoding to use with a client offering `offered` (`general.positionEncodings`):
    /// UTF-8 when offered (the server's own text is UTF-8), else UTF-16, which every client
    /// must support.
    package static func negotiated(from offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// How many code units of this encoding `scalar` takes.
    func width(of scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf16: UTF16.width(scalar)
        case .utf8: UTF8.width(scalar)
        }
    }
}

/// A place in a document as LSP counts it: a 0-based line and a 0-based offset in code units.
struct Position: Hashable, Sendable {
    var line: Int
    var character: Int
}

/// A span of a document, from `start` up to (not including) `end`.
struct Range: Hashable, Sendable {
    var start: Position
    var end: Position

    /// The empty range at the start of a file.
    static let fileStart = Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
}
