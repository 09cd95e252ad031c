import LayoutKit
import SourceDiagnostics
import YAMLReader

extension DataBuilder {
    /// `table: {columns: [titles], rows: [{title, values: [...]}]}`: one section per row,
    /// one item per column; the titles go to the metadata as `columns` and `rows`.
    mutating func addTable(_ node: YAMLNode) throws(Diagnostic) {
        let fields = try reader.mapping(node, what: "'table'", allowed: ["columns", "rows"])
        guard let columnsPair = fields["columns"] else { throw reader.error("'table' needs 'columns'", at: node) }
        guard let rowsPair = fields["rows"] else { throw reader.error("'table' needs 'rows'", at: node) }
        var columns: [Value] = []
        for column in try reader.list(columnsPair.value, what: "'columns'") {
            columns.append(.string(try reader.text(column, what: "a column title")))
        }
        var titles: [Value] = []
        for row in try reader.list(rowsPair.value, what: "'rows'") {
            let rowFields = try reader.mapping(row, what: "a row", allowed: ["title", "values"])
            guard let titlePair = rowFields["title"] else { throw reader.error("a row needs a 'title'", at: row) }
            guard let valuesPair = rowFields["values"] else { throw reader.error("a row needs 'values'", at: row) }
            titles.append(.string(try reader.text(titlePair.value, what: "a row's 'title'")))
            let values = try reader.list(valuesPair.value, what: "'values'")
            guard values.count == columns.count else {
                throw reader.error(
                    "this row has \(values.count) values for \(columns.count) columns", at: valuesPair.value)
            }
            try addSection(valuesPair.value, what: "'values'")
        }
        builder.metadata = .map(["columns": .list(columns), "rows": .list(titles)])
    }

    /// A CSV table: the header row's cells after the first are the column titles; each
    /// further row is a title and its values (numbers where they parse, empty = null).
    mutating func addCSVTable(_ file: SourceFile) throws(Diagnostic) {
        let rows = try CSVParser.parse(file)
        guard let header = rows.first else {
            throw file.error("the CSV file is empty; expected a header row", at: Mark(line: 1, column: 1))
        }
        let columns = header.dropFirst().map { Value.string($0.text) }
        var titles: [Value] = []
        for row in rows.dropFirst() {
            guard row.count == header.count else {
                throw file.error(
                    "this row has \(row.count) fields; the header has \(header.count)", at: row.first?.mark)
            }
            titles.append(.string(row[0].text))
            for cell in row.dropFirst() {
                if cell.overflows { throw file.error("numbers must be finite, got \(cell.text)", at: cell.mark) }
                builder.append(cell.value)
                marks.append(cell.mark)
            }
            builder.endSection()
        }
        builder.metadata = .map(["columns": .list(columns), "rows": .list(titles)])
    }
}
