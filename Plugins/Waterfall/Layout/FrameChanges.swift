import LayoutKit

/// What a prepare moved: the cells (global indices) and headers (sections) whose frames
/// changed, or that it placed anew, the first `keptLimit` of each, and how many in all.
struct FrameChanges {
    /// How many of each are kept: the host asks for the first 1,000.
    static let keptLimit = 1000

    var cells: [Int] = []
    var cellCount = 0
    var headers: [Int] = []
    var headerCount = 0

    /// A full prepare: every cell and header placed anew. O(1).
    init(everything cellCount: Int, sections: Int, hasHeaders: Bool) {
        self.cellCount = cellCount
        cells = Array(0..<min(cellCount, Self.keptLimit))
        headerCount = hasHeaders ? sections : 0
        headers = Array(0..<min(headerCount, Self.keptLimit))
    }

    /// A prepare that kept every item's identity (a re-layout after preferred sizes): compares
    /// the new frames of items `start...` and the new section tops with the old.
    /// O(n − start + sections).
    init(
        old index: SpatialIndex, oldTops: [Double], newFrames: [Rect], from start: Int, newTops: [Double],
        hasHeaders: Bool
    ) {
        for (offset, frame) in newFrames.enumerated()
        where start + offset >= index.count || index.frame(at: start + offset) != frame {
            cellCount += 1
            if cells.count < Self.keptLimit { cells.append(start + offset) }
        }
        guard hasHeaders else { return }
        for section in newTops.indices where section >= oldTops.count || oldTops[section] != newTops[section] {
            headerCount += 1
            if headers.count < Self.keptLimit { headers.append(section) }
        }
    }
}

extension WaterfallLayout {
    /// The cells and headers the last prepare moved (after a full prepare, all of them); nil
    /// before the first prepare or beyond the first 1,000. Cells come first in canonical order.
    public func changedElements(limit: Int) -> (first: [LayoutAttributes], count: Int)? {
        guard let changes = lastChanges, limit <= FrameChanges.keptLimit else { return nil }
        var first: [LayoutAttributes] = []
        var section = 0
        for global in changes.cells.prefix(limit) {
            while sectionStarts[section + 1] <= global { section += 1 }
            first.append(
                LayoutAttributes(
                    element: .cell(section, global - sectionStarts[section]), frame: index.frame(at: global)))
        }
        for header in changes.headers.prefix(limit - first.count) {
            first.append(attributes(for: .supplementary(Self.header, header, 0))!)
        }
        return (first, changes.cellCount + changes.headerCount)
    }
}
