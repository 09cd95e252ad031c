import LayoutKit

/// One section as laid out (contract §5): where it starts and ends along the scroll axis,
/// where its lines are, and how its items are placed.
struct FlowSection: Sendable {
    /// How a section's items are placed.
    enum Items: Sendable {
        /// No items.
        case none
        /// Every item the same size, self-sizing off: a grid, nothing stored per item (§6).
        case uniform(UniformGrid)
        /// Line by line (§7): stored items `firstItem ..< firstItem + count` of `MixedLines`,
        /// on its lines `firstLine ..< firstLine + lineCount`.
        case mixed(firstItem: Int, firstLine: Int, lineCount: Int)
    }

    /// Where the section starts (its header's `c`) and ends (the next section's start).
    var start: Double
    var end: Double
    /// Where its first line starts (`start + hE + b0`) and its last line ends.
    var linesStart: Double
    var linesEnd: Double
    /// The footer's natural place: `linesEnd + b1`.
    var footerStart: Double
    var itemCount: Int
    var items: Items
    /// Its cells' extremes along the lines, origins rounded: the least `m` and the greatest
    /// `m + w` (`+∞, −∞` without cells; NaN when a grid's arithmetic failed).
    var lineExtremes = (start: Double.infinity, end: -Double.infinity)

    /// The section starting at `start` whose lines end at `linesEnd` (§5).
    init(start: Double, linesStart: Double, linesEnd: Double, itemCount: Int, items: Items, metrics: FlowMetrics) {
        self.start = start
        self.linesStart = linesStart
        self.linesEnd = linesEnd
        self.itemCount = itemCount
        self.items = items
        footerStart = linesEnd + metrics.sectionEndInset
        end = footerStart + metrics.footerExtent
    }
}

extension FlowSection {
    /// The first of its lines in `MixedLines`, if it is mixed.
    var firstLine: Int? {
        if case .mixed(_, let firstLine, _) = items { return firstLine }
        return nil
    }
}
