import LayoutKit
import PluginHost

/// A view cut into horizontal bands, so that `workbench run` can ask the plugin for one band's
/// elements at a time and hold one band's records instead of the whole view's.
///
/// Each element belongs to the band its frame's top edge (`minY`) falls in. A band's query
/// rect starts just above its top edge (one ulp), so that elements of zero height lying on the
/// edge come back with it (`Rect.intersects` uses open intervals); elements reaching into a
/// band from above come back too and are skipped there, being owned by an earlier band. The
/// first band holds everything above y = 0 and the last reaches down as far as
/// `Rect.everything`, so the bands together own exactly the elements of a query for
/// everything. (The first band cannot end lower: from `Rect.everything.minY`, a height to any
/// edge of the content's size rounds away, and the edge with it.)
struct ElementBands {
    /// About how many elements one band holds (80-byte records: about 1.3 MB a band).
    static let elementsPerBand = 16_384
    /// At most this many bands, however many elements.
    static let maximumBands = 4096

    /// The query rects, top to bottom; each one's `maxY` is the next one's top edge.
    let rects: [Rect]

    /// Bands of about `perBand` elements for `elements` elements over `height` points of
    /// content (from y = 0), after a band for anything above; nil when one band would do.
    init?(height: Double, elements: Int, perBand: Int = Self.elementsPerBand) {
        guard height.isFinite, height > 0, perBand > 0, elements > perBand else { return nil }
        let count = min(Self.maximumBands - 1, elements / perBand + 1)
        let everything = Rect.everything
        var rects = [Rect(x: everything.minX, y: everything.minY, width: everything.width, height: -everything.minY)]
        var top = rects[0].maxY  // 0, exactly
        for index in 1...count {
            let bottom = index == count ? everything.maxY : height * Double(index) / Double(count)
            let y = top.nextDown
            let rect = Rect(x: everything.minX, y: y, width: everything.width, height: bottom - y)
            guard bottom > top, rect.maxY > top else { continue }
            rects.append(rect)
            top = rect.maxY
        }
        guard rects.count > 2 else { return nil }
        self.rects = rects
    }

    /// Whether band `index` owns an element whose frame starts at `minY` (rather than an
    /// earlier band; a band's query returns nothing that starts below it).
    func owns(_ index: Int, minY: Double) -> Bool {
        index == 0 || minY >= rects[index - 1].maxY
    }
}

/// Canonical order (category, kind by name, section, item) followed one element at a time:
/// the streaming form of the sort in `RecordCheck`, remembering only the previous element.
struct CanonicalSequence {
    private var kindRank: [Int] = []
    private var previous: (Int, Int, Int, Int)?

    /// Takes the next element; false if it does not come strictly after the previous one
    /// (out of order, or a repeat).
    mutating func accept(_ record: AttributesRecords.Record, kindNames: [String]) -> Bool {
        if kindRank.count != kindNames.count {
            let sorted = kindNames.indices.sorted { kindNames[$0] < kindNames[$1] }
            kindRank = [Int](repeating: 0, count: kindNames.count)
            for (position, index) in sorted.enumerated() { kindRank[index] = position }
        }
        let isCell = record.category == .cell
        guard isCell || kindRank.indices.contains(record.kind) else { return false }
        let key = (record.category.rawValue, isCell ? -1 : kindRank[record.kind], record.section, record.item)
        defer { previous = key }
        guard let previous else { return true }
        return previous < key
    }
}
