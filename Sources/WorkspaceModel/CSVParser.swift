import Foundation
import LayoutKit
import SourceDiagnostics

/// RFC 4180 CSV: comma-separated fields, double-quoted fields may hold commas, quotes ("")
/// and line breaks; CRLF or LF line ends; blank lines are skipped.
enum CSVParser {
    struct Field {
        var text: String
        var isQuoted: Bool
        var mark: Mark

        /// A number where the text is one; empty unquoted text is null.
        var value: Value {
            if !isQuoted {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { return .null }
                if let number = Double(trimmed), number.isFinite { return .number(number) }
            }
            return .string(text)
        }

        /// Whether the text is written as a number too large for a Double (`1e400`): an
        /// error, not a string nor an infinity.
        var overflows: Bool {
            guard !isQuoted else { return false }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let number = Double(trimmed), !number.isFinite else { return false }
            return trimmed.unicodeScalars.contains { ("0"..."9").contains($0) }
        }
    }

    static func parse(_ file: SourceFile) throws(Diagnostic) -> [[Field]] {
        var rows: [[Field]] = []
        var row: [Field] = []
        var field = ""
        var isQuoted = false, inQuotes = false, fieldStarted = false
        var line = 1, column = 1
        var fieldMark = Mark(line: 1, column: 1)
        var scalars = file.text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()

        func endField() {
            row.append(Field(text: field, isQuoted: isQuoted, mark: fieldMark))
            field = ""
            isQuoted = false
            fieldStarted = false
        }
        while let scalar = pending {
            pending = scalars.next()
            if !fieldStarted {
                fieldMark = Mark(line: line, column: column)
                fieldStarted = true
            }
            defer {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            if inQuotes {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = scalars.next()
                        column += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !isQuoted:
                isQuoted = true
                inQuotes = true
            case "\"":
                throw file.error(
                    "a quote inside an unquoted field; quote the whole field and double the quote",
                    at: Mark(line: line, column: column))
            case ",":
                endField()
            case "\r" where pending == "\n":
                break
            case "\n":
                endField()
                if !(row.count == 1 && row[0].text.isEmpty && !row[0].isQuoted) { rows.append(row) }
                row = []
            default:
                if isQuoted {
                    throw file.error(
                        "text after a closing quote; expected a comma or the end of the line",
                        at: Mark(line: line, column: column))
                }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw file.error("a quoted field is not closed before the end of the file", at: fieldMark) }
        if fieldStarted || !row.isEmpty {
            endField()
            if !(row.count == 1 && row[0].text.isEmpty && !row[0].isQuoted) { rows.append(row) }
        }
        return rows
    }
}
