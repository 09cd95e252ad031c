import Compositional
import LayoutKit
import ReferenceLayouts
import Testing

/// Invariants over seeded random descriptions and data: the plugin against the reference, rect
/// queries against the brute-force filter, `attributes(for:)` against the query, finite
/// frames, the element count, pinned items inside their sections.
struct PropertyTests {
    /// A random case: options, data and bounds.
    struct Case {
        var options: [String: Value]
        var counts: [Int]
        var bounds: Rect
        var random: SplitMix

        init(seed: UInt64) {
            var descriptions = RandomDescriptions(seed: seed)
            options = descriptions.options()
            counts = descriptions.counts()
            random = descriptions.random
            bounds = Rect(
                x: random.number(0...200), y: random.number(0...900), width: random.number(160...600),
                height: random.number(200...900))
        }
    }

    @Test(arguments: 0..<400)
    func thePluginMatchesTheReference(seed: Int) throws {
        let random = Case(seed: UInt64(seed))
        let reference = ReferenceCompositional(options: random.options, counts: random.counts, bounds: random.bounds)
        let layout = try CompositionalLayout(options: Options(random.options))
        let context = LayoutContext(dataSource: Prepared.data(random.counts).source, bounds: random.bounds)
        do {
            let expected = try reference.layout()
            try layout.prepare(context)
            let all = Prepared.all(layout)
            #expect(all == expected.elements, "\(random.options) \(random.counts)")
            #expect(layout.contentSize == expected.contentSize)
        } catch let failure as ReferenceCompositional.Failure {
            #expect(throws: LayoutError.self, "the reference fails: \(failure.message)") { try layout.prepare(context) }
        }
    }

    @Test(arguments: 0..<200)
    func rectQueriesEqualTheBruteForceFilter(seed: Int) throws {
        var random = Case(seed: UInt64(seed) + 10_000)
        let layout = try CompositionalLayout(options: Options(random.options))
        guard
            (try? layout.prepare(LayoutContext(dataSource: Prepared.data(random.counts).source, bounds: random.bounds)))
                != nil
        else { return }
        let all = Prepared.all(layout)
        #expect(layout.numberOfElements == all.count)
        #expect(all.allSatisfy { CoordinateCheck.isAllowed($0.frame) })
        #expect(all.map(\.element) == all.map(\.element).sorted())
        for attributes in all { #expect(layout.attributes(for: attributes.element) == attributes) }
        let content = layout.contentSize
        for _ in 0..<30 {
            let x = random.random.number(-100...content.width + 100),
                y = random.random.number(-100...content.height + 100)
            let rect = Rect(
                x: x, y: y, width: random.random.chance(0.1) ? 0 : random.random.number(0...700),
                height: random.random.chance(0.1) ? 0 : random.random.number(0...900))
            #expect(layout.elements(in: rect) == all.filter { $0.frame.intersects(rect) }, "\(rect)")
        }
        // Rects on the frames' own edges.
        for attributes in all.prefix(20) {
            let frame = attributes.frame
            for rect in [
                Rect(x: frame.maxX, y: frame.minY, width: 10, height: frame.height),
                Rect(x: frame.minX, y: frame.maxY, width: frame.width, height: 10),
                Rect(x: frame.minX - 10, y: frame.minY - 10, width: 10, height: 10), frame,
            ] {
                #expect(layout.elements(in: rect) == all.filter { $0.frame.intersects(rect) }, "\(rect)")
            }
        }
    }

    @Test(arguments: 0..<150)
    func pinnedItemsStayInsideTheirSectionsAtAnyBounds(seed: Int) throws {
        var random = Case(seed: UInt64(seed) + 20_000)
        let data = Prepared.data(random.counts).source
        let layout = try CompositionalLayout(options: Options(random.options))
        guard (try? layout.prepare(LayoutContext(dataSource: data, bounds: random.bounds))) != nil else { return }
        var unpinned = ReferenceCompositional(options: random.options, counts: random.counts, bounds: random.bounds)
        unpinned.ignoresPinning = true
        let (resting, _, sections) = try unpinned.layout()
        let isVertical = random.options["configuration"]?["scrollDirection"]?.string != "horizontal"
        func span(_ frame: Rect) -> (Double, Double) {
            isVertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
        }
        let inside = resting.filter {
            guard $0.element.category == .supplementary else { return false }
            let (low, high) = span($0.frame), (start, end) = sections[$0.element.path.section]
            return low >= start && high <= end
        }
        for _ in 0..<10 {
            var bounds = random.bounds
            bounds.origin = Point(
                x: random.random.number(-300...layout.contentSize.width + 300),
                y: random.random.number(-300...layout.contentSize.height + 300))
            #expect(layout.invalidation(forBoundsChange: bounds) == .bounds)
            layout.invalidate(.bounds)
            try layout.prepare(LayoutContext(dataSource: data, bounds: bounds))
            for element in inside {
                let frame = try #require(layout.attributes(for: element.element)).frame
                let (low, high) = span(frame), (start, end) = sections[element.element.path.section]
                #expect(low >= start && high <= end, "\(element.element) at \(bounds)")
            }
            let reference = ReferenceCompositional(options: random.options, counts: random.counts, bounds: bounds)
            #expect(Prepared.all(layout) == (try reference.layout()).elements)
        }
    }
}
