import Circles
import LayoutKit
import ReferenceLayouts
import TestSupport
import Testing

/// The packer skips positions it proves blocked; these tests hold it to the seed's stepping
/// loop bit for bit, on generated data and options that reach its every path: exact rows
/// (sizes and steps multiples of 1/1024) and stepped rows (sizes like 40.3, steps like 0.3),
/// negative spacing, no predecessors or many, content millions of points tall.
struct CirclesBitIdenticalTests {
    /// One generated case: options, width and sizes.
    struct Case {
        var options: [String: Value]
        var reference: ReferenceCirclesLayout
        var width: Double
        var sizes: [Value]

        init(seed: UInt64) {
            var random = SplitMix(seed: seed)
            let step = [5, 3, 2.5, 7, 2.2, 1.5][random.next(in: 0...5)]
            let spacing = [10, 0, -3, 4.5, 25][random.next(in: 0...4)]
            let predecessors = [4, 0, 1, 2, 9][random.next(in: 0...4)]
            let insets = EdgeInsets(
                top: [20, 0, 7.5, 3e7][random.next(in: 0...3)], left: [20, 0, 7.5, 0.3][random.next(in: 0...3)],
                bottom: 5, right: [20, 0, 7.5][random.next(in: 0...2)])
            let fraction = [0, 0.5, 0.25, 0.3][random.next(in: 0...3)]
            // A step like 2.2 is summed step by step, as the seed does, within the work budget:
            // fewer circles, narrower rows.
            let isSummed = step == 2.2
            sizes = (0..<(isSummed ? 150 : 1200)).map { _ in .number(Double(random.next(in: 10...150)) + fraction) }
            width = insets.left + insets.right + 160 + Double(random.next(in: 0...(isSummed ? 150 : 600)))
            options = [
                "step": .number(step), "spacing": .number(spacing), "predecessors": .number(Double(predecessors)),
                "insets": [
                    "top": .number(insets.top), "left": .number(insets.left), "bottom": 5,
                    "right": .number(insets.right),
                ],
            ]
            reference = ReferenceCirclesLayout(insets: insets, step: step, spacing: spacing, predecessors: predecessors)
        }
    }

    static func bits(_ frames: [LayoutAttributes]) -> [UInt64] {
        frames.flatMap {
            [$0.frame.minX.bitPattern, $0.frame.minY.bitPattern, $0.frame.width.bitPattern, $0.frame.height.bitPattern]
        }
    }

    @Test(arguments: 1...12)
    func everyFrameHasTheSeedsBitPattern(seed: UInt64) throws {
        let test = Case(seed: seed)
        let context = LayoutContext(
            dataSource: DataSet.items(test.sizes).source, bounds: Rect(x: 0, y: 0, width: test.width, height: 600))
        let layout = try CirclesLayout(options: Options(test.options))
        try layout.prepare(context)
        try test.reference.prepare(context)
        let frames = layout.elements(in: .everything)
        #expect(frames.count == test.sizes.count)
        #expect(Self.bits(frames) == Self.bits(test.reference.elements(in: .everything)))
        #expect(layout.contentSize.height.bitPattern == test.reference.contentSize.height.bitPattern)
    }

    @Test(arguments: 21...26)
    func aRepackFromAChangedItemHasTheSeedsBitPattern(seed: UInt64) throws {
        let test = Case(seed: seed)
        let bounds = Rect(x: 0, y: 0, width: test.width, height: 600)
        let layout = try CirclesLayout(options: Options(test.options))
        try layout.prepare(LayoutContext(dataSource: DataSet.items(test.sizes).source, bounds: bounds))
        var random = SplitMix(seed: seed)
        let changed = random.next(in: 0...(test.sizes.count - 1))
        var sizes = test.sizes
        sizes[changed] = .number(Double(random.next(in: 10...150)) + 0.5)
        var newToOld = (0..<Int64(sizes.count)).map { $0 }
        newToOld[changed] = -1
        OneSectionBatch.with(old: sizes.count, newToOld: newToOld) { layout.prepare(forUpdates: $0) }
        let context = LayoutContext(dataSource: DataSet.items(sizes).source, bounds: bounds)
        try layout.prepare(context)
        try test.reference.prepare(context)
        #expect(Self.bits(layout.elements(in: .everything)) == Self.bits(test.reference.elements(in: .everything)))
    }
}
