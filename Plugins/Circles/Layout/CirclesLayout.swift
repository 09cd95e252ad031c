import LayoutKit

/// Circles of varying diameters packed left to right, top to bottom (seed 001, the Early
/// alarm clock's main screen).
///
/// Data: one section; each item a number (the diameter) or a map with a numeric `size`.
/// Options: `insets` (20 each), `step` (5), `spacing` (10), `predecessors` (4).
/// Prepare is O(n · p · r) (see `CirclePacker`), after a batch update only from the first
/// changed circle on (plus O(n) to read the sizes and index the frames); a rect query is
/// O(log n + k) through a `SpatialIndex`. Only a change of width invalidates the layout.
public final class CirclesLayout: LayoutPlugin {
    public static let info = PluginInfo(
        name: "circles", version: "1.0.0",
        summary: "Circles packed row by row, each clear of its last few predecessors (seed: Early's alarms)",
        options: ["insets", "step", "spacing", "predecessors"], flipsHorizontally: true, cellShape: .round)

    let insets: EdgeInsets
    let step: Double
    let spacing: Double
    let predecessors: Int

    private var index = SpatialIndex(frames: [])
    /// Reused by every query, so that steady-state queries allocate nothing.
    private var hits: [Int] = []
    private var preparedWidth: Double?
    /// How many leading circles the next prepare may keep (a batch update left them alone),
    /// and the diameters read by the last prepare (so kept circles are not read again).
    private var keptPrefix = 0
    private var preparedDiameters: [Double] = []
    /// The bottom of each block of circles, for the bottom of those a batch update keeps.
    private var blockBottoms = BlockBottoms()
    public private(set) var contentSize = Size.zero

    public init(options: Options) throws(LayoutError) {
        var options = options
        insets = try options.insets("insets", default: EdgeInsets(all: 20))
        step = try options.number("step", default: 5, minimum: .positive)
        spacing = try options.number("spacing", default: 10)
        predecessors = try options.integer("predecessors", default: 4, in: 0...1_000_000)
        try options.rejectUnknownKeys()
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        let width = context.bounds.width
        let items = context.dataSource.numberOfSections == 1 ? context.dataSource.numberOfItems(inSection: 0) : 0
        let kept = width == preparedWidth ? min(keptPrefix, index.count, items, preparedDiameters.count) : 0
        keptPrefix = 0
        var diameters = preparedDiameters
        preparedDiameters = []
        diameters.removeSubrange(kept...)
        try Self.readDiameters(from: context.dataSource, fitting: width - insets.left - insets.right, into: &diameters)
        let packer = CirclePacker(
            insets: insets, step: step, spacing: spacing, predecessors: predecessors, width: width)
        let previous = (max(0, kept - predecessors - 1)..<kept).map(index.frame(at:))
        let frames = try packer.frames(
            diameters: diameters, from: kept, after: previous, isCancelled: { context.isCancelled },
            progress: context.reportProgress)
        var bottoms = blockBottoms
        bottoms.update(keeping: kept, appending: frames, keptFrame: index.frame(at:))
        let size = Size(width: width, height: max(insets.top, bottoms.bottom) + insets.bottom)
        // Kept circles were checked before, and the content still reaches below them.
        try CoordinateCheck.check(frames, contentSize: size, option: step >= spacing ? "step" : "spacing")
        if kept > 0 {
            index.replaceFrames(from: kept, with: frames)
        } else {
            index = SpatialIndex(frames: frames)
        }
        blockBottoms = bottoms
        preparedDiameters = diameters
        preparedWidth = width
        contentSize = size
    }

    public var numberOfElements: Int? { index.count }

    /// A circle's place depends only on the circles before it: those the batch leaves alone
    /// (same items, same sizes, same positions) keep their frames, and the next prepare packs
    /// only from the first change on — an item appended to a million costs one placement.
    public func prepare(forUpdates batch: UpdateBatch) {
        keptPrefix = batch.unchangedPrefix
    }

    public func invalidate(_ invalidation: Invalidation) {
        keptPrefix = 0
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        hits.removeAll(keepingCapacity: true)
        let index = self.index  // read once: one retain a query, not an access check an element
        index.indices(intersecting: rect, into: &hits)
        result.reserveCapacity(result.count + hits.count)
        for item in hits { result.append(LayoutAttributes(element: .cell(0, item), frame: index.frame(at: item))) }
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        guard element.category == .cell, element.path.section == 0,
            element.path.item >= 0, element.path.item < index.count
        else { return nil }
        return attributes(item: element.path.item)
    }

    /// The bytes the prepared layout keeps per circle, all in one index.
    public var indexByteCount: Int { index.byteCount }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != preparedWidth
    }

    private func attributes(item: Int) -> LayoutAttributes {
        LayoutAttributes(element: .cell(0, item), frame: index.frame(at: item))
    }

    /// Appends the diameters of the items after those already in `diameters` (kept from the
    /// last prepare), checked: positive, finite, and narrow enough for the row.
    private static func readDiameters(from data: DataSource, fitting rowWidth: Double, into diameters: inout [Double])
        throws(LayoutError)
    {
        guard data.numberOfSections <= 1 else {
            throw .data(
                item: nil, field: nil, message: "circles lays out one section; the source has \(data.numberOfSections)")
        }
        guard data.numberOfSections == 1 else { return }
        diameters.reserveCapacity(data.numberOfItems(inSection: 0))
        for item in diameters.count..<data.numberOfItems(inSection: 0) {
            let path = ItemPath(section: 0, item: item)
            guard let diameter = data.number(at: path, field: "size") else {
                throw .data(
                    item: path, field: nil,
                    message:
                        "expected a number or a map with a numeric 'size', got \(data.value(at: path).kindDescription)")
            }
            guard diameter.isFinite, diameter > 0 else {
                throw .data(
                    item: path, field: nil,
                    message:
                        "a circle's size must be a finite number greater than 0, got \(diameter.compactDescription)")
            }
            guard diameter <= rowWidth else {
                throw .data(
                    item: path, field: nil,
                    message:
                        "a circle of size \(diameter.compactDescription) does not fit the \(rowWidth.compactDescription)-point row between the insets"
                )
            }
            diameters.append(diameter)
        }
    }
}
