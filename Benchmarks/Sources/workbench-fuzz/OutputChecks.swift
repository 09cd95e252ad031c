/// Rules every output of the workbench keeps, whatever the input.
enum OutputChecks {
    /// The number fields of results; `null` in any of them is a wrong number. (`elements` may
    /// be null in `prepare`'s result — a count for layouts computed on demand — and `kind` is
    /// null for cells.)
    static let numberKeys = [
        "x", "y", "width", "height", "alpha", "zIndex", "section", "item", "milliseconds", "line", "column",
    ]

    /// The first `"key":null` (or `"key": null`) among the number fields, if any.
    static func nullNumber(in text: Substring) -> String? {
        for key in numberKeys {
            for spacing in ["", " "] where text.contains("\"\(key)\":\(spacing)null") { return key }
        }
        return nil
    }

    /// Whether an error line says where: `path:line:column: error: …`.
    static func isLocated(_ line: Substring) -> Bool {
        guard let range = line.range(of: ": error: ") else { return true }
        let place = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard place.count >= 3 else { return false }
        return Int(place[place.count - 1]) != nil && Int(place[place.count - 2]) != nil
    }
}
