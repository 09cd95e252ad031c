/// Where a YAML token that starts at a column ends, found from its line's text: a quoted
/// scalar to its closing quote, a flow collection to its closing bracket, a plain scalar up to
/// `: `, ` #`, a flow separator or the line's end.
enum TokenSpan {
    /// The 1-based column just past the token that starts at `column` (scalars counted);
    /// `column` itself for an empty token.
    static func endColumn(of line: Substring, from column: Int) -> Int {
        let scalars = Array(line.unicodeScalars)
        let start = column - 1
        guard start >= 0, start < scalars.count else { return column }
        var index = start
        switch scalars[start] {
        case "\"", "'":
            let quote = scalars[start]
            index += 1
            while index < scalars.count {
                if quote == "\"" && scalars[index] == "\\" { index += 2; continue }
                if scalars[index] == quote {
                    if quote == "'", index + 1 < scalars.count, scalars[index + 1] == "'" { index += 2; continue }
                    return index + 2
                }
                index += 1
            }
            return scalars.count + 1
        case "[", "{":
            var depth = 0
            while index < scalars.count {
                if scalars[index] == "[" || scalars[index] == "{" { depth += 1 }
                if scalars[index] == "]" || scalars[index] == "}" {
                    depth -= 1
                    if depth == 0 { return index + 2 }
                }
                index += 1
            }
            return scalars.count + 1
        default:
            while index < scalars.count {
                let scalar = scalars[index]
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                if scalar == ":" && next == " " { break }
                if scalar == " " && next == "#" { break }
                if scalar == "," || scalar == "]" || scalar == "}" { break }
                index += 1
            }
            while index > start && scalars[index - 1] == " " { index -= 1 }
            return index + 1
        }
    }
}
