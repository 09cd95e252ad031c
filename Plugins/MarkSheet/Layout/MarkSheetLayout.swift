import LayoutKit

/// A mark sheet (seed 002): students as rows (sections), subjects as columns (items), with a
/// header per row and per column and a separator line above each row.
///
/// Data: a `table` source; the metadata's `columns` and `rows` titles label the headers.
/// Options: `rowHeaderWidth` (100), `rowHeight` (50), `columnHeaderHeight` (40),
/// `separatorHeight` (1). Columns share the width left of the row headers equally.
/// Columns: as many as the first row has items (or, with no rows, as the column titles).
/// A row may be shorter (its last marks are missing: no cells there) but not longer: a
/// longer row has marks with no column to go in, and prepare refuses it with a data error
/// at its first extra item.
/// Computed on demand: prepare is O(rows) (it checks each row's length) and keeps no
/// per-element state; a rect query does index arithmetic and costs O(k). Only a width
/// change invalidates it.
public final class MarkSheetLayout: LayoutPlugin {
    public static let columnHeader = "columnHeader", rowHeader = "rowHeader", separator = "separator"
    public static let info = PluginInfo(
        name: "mark-sheet", version: "1.0.0",
        summary:
            "A grid of marks with subject and student headers and row separators, computed on demand (seed: mark sheet)",
        kinds: [
            ElementKind(columnHeader, .supplementary), ElementKind(rowHeader, .supplementary),
            ElementKind(separator, .decoration),
        ],
        options: ["rowHeaderWidth", "rowHeight", "columnHeaderHeight", "separatorHeight"], flipsHorizontally: true)

    let metrics: MarkSheetMetrics.Options
    private var sheet = MarkSheetMetrics(options: .init(), width: 0, rows: 0, columns: 0)
    private var data = DataSet.empty.source
    private var columnTitles: [Value] = []
    private var rowTitles: [Value] = []

    public init(options: Options) throws(LayoutError) {
        var options = options
        metrics = MarkSheetMetrics.Options(
            rowHeaderWidth: try options.number("rowHeaderWidth", default: 100, minimum: .nonNegative),
            rowHeight: try options.number("rowHeight", default: 50, minimum: .positive),
            columnHeaderHeight: try options.number("columnHeaderHeight", default: 40, minimum: .nonNegative),
            separatorHeight: try options.number("separatorHeight", default: 1, minimum: .nonNegative))
        try options.rejectUnknownKeys()
    }

    public var contentSize: Size { sheet.contentSize }

    /// O(rows): counts, row lengths, width and titles; nothing per element.
    ///
    /// - Throws: `.data` at the first item of a row longer than the first row; `.layout` when
    ///   the view is no wider than the row headers.
    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let data = context.dataSource
        let metadata = data.metadata
        columnTitles = metadata["columns"]?.list ?? []
        rowTitles = metadata["rows"]?.list ?? []
        let rows = data.numberOfSections
        let columns = rows > 0 ? data.numberOfItems(inSection: 0) : columnTitles.count
        for row in 0..<rows where data.numberOfItems(inSection: row) > columns {
            throw .data(
                item: ItemPath(section: row, item: columns), field: nil,
                message:
                    "row \(row + 1) has \(data.numberOfItems(inSection: row)) marks, but the sheet has \(columns) columns "
                    + "(as many as the first row): a row may be shorter than the first, not longer")
        }
        let width = context.bounds.width
        guard columns == 0 || width > metrics.rowHeaderWidth else {
            throw .layout(
                message:
                    "the view (\(width.compactDescription) wide) is no wider than the row headers (\(metrics.rowHeaderWidth.compactDescription))"
            )
        }
        let sheet = MarkSheetMetrics(options: metrics, width: width, rows: rows, columns: columns)
        // Frames grow with the index, so the last row's and column's are the extremes.
        let lastRow = max(0, rows - 1), lastColumn = max(0, columns - 1)
        try CoordinateCheck.check(
            [
                sheet.cellFrame(row: lastRow, column: lastColumn), sheet.separatorFrame(lastRow),
                sheet.rowHeaderFrame(lastRow), sheet.columnHeaderFrame(lastColumn),
            ],
            contentSize: sheet.contentSize, option: "rowHeight")
        self.data = data
        self.sheet = sheet
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        elements(in: rect, into: &result, pieceSize: .max, flush: { _ in })
    }

    /// Hands the answer over a row at a time once `pieceSize` elements are waiting.
    public func elements(
        in rect: Rect, into result: inout [LayoutAttributes], pieceSize: Int, flush: (inout [LayoutAttributes]) -> Void
    ) {
        let rows = sheet.rows(intersecting: rect)
        let columns = sheet.columns(intersecting: rect)
        for row in rows {
            for column in columns where column < data.numberOfItems(inSection: row) {
                result.append(cell(row, column))
            }
            if result.count >= pieceSize { flush(&result) }
        }
        if sheet.meetsColumnHeaders(rect) {
            for column in columns { result.append(columnHeader(column)) }
        }
        if sheet.meetsRowHeaders(rect) {
            for row in rows { result.append(rowHeader(row)) }
        }
        for row in sheet.separatorRows(intersecting: rect) { result.append(separator(row)) }
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let (row, column) = (element.path.section, element.path.item)
        switch (element.category, element.kind) {
        case (.cell, _):
            guard row >= 0, row < sheet.rowCount, column >= 0, column < data.numberOfItems(inSection: row) else {
                return nil
            }
            return cell(row, column)
        case (.supplementary, Self.columnHeader?):
            return row == 0 && column >= 0 && column < sheet.columnCount ? columnHeader(column) : nil
        case (.supplementary, Self.rowHeader?):
            return column == 0 && row >= 0 && row < sheet.rowCount ? rowHeader(row) : nil
        case (.decoration, Self.separator?):
            return column == 0 && row >= 0 && row < sheet.rowCount ? separator(row) : nil
        default:
            return nil
        }
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != sheet.width
    }

    private func cell(_ row: Int, _ column: Int) -> LayoutAttributes {
        LayoutAttributes(element: .cell(row, column), frame: sheet.cellFrame(row: row, column: column))
    }

    private func columnHeader(_ column: Int) -> LayoutAttributes {
        LayoutAttributes(
            element: .supplementary(Self.columnHeader, 0, column), frame: sheet.columnHeaderFrame(column),
            extra: ["title": column < columnTitles.count ? columnTitles[column] : .string("Column \(column + 1)")])
    }

    private func rowHeader(_ row: Int) -> LayoutAttributes {
        LayoutAttributes(
            element: .supplementary(Self.rowHeader, row, 0), frame: sheet.rowHeaderFrame(row),
            extra: ["title": row < rowTitles.count ? rowTitles[row] : .string("Row \(row + 1)")])
    }

    private func separator(_ row: Int) -> LayoutAttributes {
        LayoutAttributes(element: .decoration(Self.separator, row, 0), frame: sheet.separatorFrame(row), zIndex: 2)
    }
}
