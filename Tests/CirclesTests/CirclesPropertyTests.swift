import Circles
import LayoutKit
import ReferenceLayouts
import TestSupport
import Testing

/// Generated data: the packer must place every circle exactly where the seed's stepping loop
/// does, and rect queries must equal a brute-force filter.
struct CirclesPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func placementEqualsTheSeedsSteppingLoop(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let sizes: [Value] = (0..<300).map { _ in
            .number(Double(random.next(in: 10...160)) + (seed.isMultiple(of: 3) ? 0.3 : 0))
        }
        let width = Double(random.next(in: 200...900))
        var options: [String: Value] = [:]
        if seed.isMultiple(of: 2) { options = ["step": 3, "spacing": 4, "predecessors": 6, "insets": 7.5] }
        let insets = seed.isMultiple(of: 2) ? EdgeInsets(all: 7.5) : EdgeInsets(all: 20)
        let reference = ReferenceCirclesLayout(
            insets: insets, step: options["step"]?.number ?? 5,
            spacing: options["spacing"]?.number ?? 10,
            predecessors: Int(options["predecessors"]?.number ?? 4))
        let layout = try CirclesLayout(options: Options(options))
        let context = LayoutContext(
            dataSource: DataSet.items(sizes).source, bounds: Rect(x: 0, y: 0, width: width, height: 600))
        try reference.prepare(context)
        try layout.prepare(context)
        #expect(layout.elements(in: .everything) == reference.elements(in: .everything))
        #expect(layout.contentSize == reference.contentSize)
    }

    @Test(arguments: [11, 12, 13])
    func rectQueriesEqualABruteForceFilter(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let sizes: [Value] = (0..<2000).map { _ in .number(Double(random.next(in: 20...120))) }
        let layout = try CirclesLayout(options: Options())
        try layout.prepare(
            LayoutContext(dataSource: DataSet.items(sizes).source, bounds: Rect(x: 0, y: 0, width: 500, height: 800)))
        let all = layout.elements(in: .everything)
        #expect(all.count == 2000)
        for _ in 0..<300 {
            let rect = Rect(
                x: Double(random.next(in: -100...600)),
                y: Double(random.next(in: -100...Int(layout.contentSize.height))),
                width: Double(random.next(in: 0...400)), height: Double(random.next(in: 0...1200)))
            let expected = all.filter { $0.frame.intersects(rect) }
            #expect(layout.elements(in: rect) == expected)
            for attributes in expected.prefix(3) {
                #expect(layout.attributes(for: attributes.element) == attributes)
            }
        }
    }
}
