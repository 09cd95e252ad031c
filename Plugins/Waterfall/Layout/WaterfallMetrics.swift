import LayoutKit

/// The waterfall's options and the geometry they give at one width: pure values, no state.
struct WaterfallMetrics: Equatable {
    /// Which column the next item goes to.
    enum Order: String, CaseIterable {
        /// The shortest column, the lowest index on ties (CHTCollectionViewWaterfallLayout's default).
        case shortestColumn
        /// Item `i` of a section into column `i mod columns`.
        case roundRobin
    }

    var columns: Int
    var spacing: Double
    var insets: EdgeInsets
    var headerHeight: Double
    var order: Order

    /// Reads and checks the options: `columns` (2, whole, 1…1000), `spacing` (8, ≥ 0),
    /// `insets` (8 each), `headerHeight` (0: no headers), `order` (`shortestColumn`).
    init(options: Options) throws(LayoutError) {
        var options = options
        columns = try options.integer("columns", default: 2, in: 1...1000)
        spacing = try options.number("spacing", default: 8, minimum: .nonNegative)
        insets = try options.insets("insets", default: EdgeInsets(all: 8))
        headerHeight = try options.number("headerHeight", default: 0, minimum: .nonNegative)
        let name = try options.string("order", default: Order.shortestColumn.rawValue) ?? Order.shortestColumn.rawValue
        guard let order = Order(rawValue: name) else {
            let known = Order.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
            throw .option(field: "order", message: "expected \(known), got '\(name)'")
        }
        self.order = order
        try options.rejectUnknownKeys()
    }

    /// `(width − left − right − (columns − 1)·spacing) / columns`.
    ///
    /// - Throws: a layout error when that is not greater than 0.
    func columnWidth(boundsWidth width: Double) throws(LayoutError) -> Double {
        let columnWidth = (width - insets.left - insets.right - Double(columns - 1) * spacing) / Double(columns)
        guard columnWidth > 0 else {
            throw .option(
                field: "columns",
                message: "\(columns) columns with spacing \(spacing.compactDescription) and insets "
                    + "leave no room in a \(width.compactDescription)-point-wide view (column width \(columnWidth.compactDescription))"
            )
        }
        return columnWidth
    }

    /// Where a section's items start, given its top: below the header and `spacing` when
    /// there are headers.
    func itemsTop(sectionTop top: Double) -> Double {
        headerHeight > 0 ? top + headerHeight + spacing : top
    }

    /// A section's bottom: the longest column less one `spacing` when it has items, else the
    /// end of its header (or its top).
    func bottom(sectionTop top: Double, columnHeights: [Double], hasItems: Bool) -> Double {
        hasItems ? columnHeights.max()! - spacing : top + headerHeight
    }
}
