import Flow
import LayoutKit
import ReferenceLayouts
import Testing

/// Properties over seeded random views (`FlowScenario`): the plugin equals the reference flow
/// frame for frame, rect queries equal the brute-force filter of all elements, frames are
/// finite, pinned views stay in their sections, and bounds changes answer as fresh layouts.
struct FlowPropertyTests {
    static func prepared(_ scenario: FlowScenario) throws -> FlowLayout {
        try FlowTesting.prepared(scenario.flow.options, scenario.sections, bounds: scenario.bounds)
    }

    @Test(arguments: 0..<200)
    func framesEqualTheReferenceFlow(seed: UInt64) throws {
        let scenario = FlowScenario(seed: seed)
        let layout = try Self.prepared(scenario)
        let expected = scenario.flow.layout(scenario.sections, bounds: scenario.bounds)
        #expect(layout.elements(in: .everything) == expected.elements, "\(scenario)")
        #expect(layout.contentSize == expected.contentSize, "\(scenario)")
        #expect(layout.numberOfElements == expected.elements.count)
        #expect(FlowTesting.allElements(of: layout, sections: scenario.sections) == expected.elements)
    }

    @Test(arguments: 0..<120)
    func rectQueriesEqualTheBruteForceFilterOfAllElements(seed: UInt64) throws {
        let scenario = FlowScenario(seed: seed)
        let layout = try Self.prepared(scenario)
        let all = FlowTesting.allElements(of: layout, sections: scenario.sections)
        var random = TestRandom(seed: seed ^ 0xF10)
        for _ in 0..<60 {
            let rect = FlowScenario.rect(&random, content: layout.contentSize, frames: all.map(\.frame))
            #expect(layout.elements(in: rect) == all.filter { $0.frame.intersects(rect) }, "\(rect) \(scenario)")
        }
        var pieces: [[LayoutAttributes]] = []
        var rest: [LayoutAttributes] = []
        layout.elements(in: .everything, into: &rest, pieceSize: 7) {
            pieces.append($0); $0 = []
        }
        #expect((pieces.flatMap { $0 } + rest) == all)
    }

    @Test(arguments: 0..<120)
    func everyFrameIsFiniteAndPinnedViewsStayInTheirSection(seed: UInt64) throws {
        let scenario = FlowScenario(seed: seed)
        let layout = try Self.prepared(scenario)
        let reference = scenario.flow.layout(scenario.sections, bounds: scenario.bounds)
        let pixel = scenario.flow.displayScale > 0 ? 0.5 / scenario.flow.displayScale + 1e-9 : 1e-9
        for attributes in layout.elements(in: .everything) {
            let frame = attributes.frame
            #expect(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite)
            #expect(frame.width >= 0 && frame.height >= 0)
            guard attributes.element.category == .supplementary else { continue }
            let section = reference.sections[attributes.element.path.section]
            let (c, end) = scenario.flow.isHorizontal ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
            #expect(c >= section.lowerBound - pixel && end <= section.upperBound + pixel, "\(attributes) \(scenario)")
        }
    }

    @Test(arguments: 0..<60)
    func theOverflowDeclaredIsTheOverflowThereIs(seed: UInt64) throws {
        let scenario = FlowScenario(seed: seed)
        let layout = try Self.prepared(scenario)
        let content = layout.contentSize
        let slackX = 1e-9 * max(1, content.width), slackY = 1e-9 * max(1, content.height)
        var overflow: ContentOverflow = []
        for attributes in layout.elements(in: .everything) {
            let frame = attributes.frame
            if frame.minX < -slackX || frame.maxX > content.width + slackX { overflow.insert(.horizontal) }
            if frame.minY < -slackY || frame.maxY > content.height + slackY { overflow.insert(.vertical) }
        }
        #expect(layout.contentOverflow == overflow, "\(scenario)")
    }

    @Test(arguments: 0..<60)
    func boundsChangesAnswerAsAFreshLayout(seed: UInt64) throws {
        let scenario = FlowScenario(seed: seed)
        let layout = try Self.prepared(scenario)
        let data = DataSet.sections(scenario.sections).source
        var random = TestRandom(seed: seed ^ 0xB0)
        var bounds = scenario.bounds
        for _ in 0..<8 {
            let scroll = Double(random.next(in: -100...2000)) + random.pick([0, 0.5, 0.3])
            let other = random.pick([80.0, 300, 667])
            let line =
                random.chance(20)
                ? random.pick([150.0, 375, 0]) : (scenario.flow.isHorizontal ? bounds.height : bounds.width)
            bounds =
                scenario.flow.isHorizontal
                ? Rect(x: scroll, y: 0, width: other, height: line) : Rect(x: 0, y: scroll, width: line, height: other)
            if layout.shouldInvalidate(forBoundsChange: bounds) {
                layout.invalidate(layout.invalidation(forBoundsChange: bounds))
            }
            try layout.prepare(LayoutContext(dataSource: data, bounds: bounds))
            let expected = scenario.flow.layout(scenario.sections, bounds: bounds)
            #expect(layout.elements(in: .everything) == expected.elements, "\(bounds) \(scenario)")
            #expect(layout.contentSize == expected.contentSize)
        }
    }

    @Test(arguments: 0..<60)
    func preferredSizesInRoundsEqualTheReference(seed: UInt64) throws {
        var scenario = FlowScenario(seed: seed)
        scenario.flow.estimatedSize = Size(width: 30, height: 24)
        scenario.sections.append((0..<80).map { _ in nil })
        let layout = try Self.prepared(scenario)
        let data = DataSet.sections(scenario.sections).source
        var random = TestRandom(seed: seed ^ 0x5E1F)
        var taken: [ItemPath: Size] = [:]
        for _ in 0..<5 {
            for _ in 0..<random.next(in: 1...6) {
                let section = random.next(in: 0...(scenario.sections.count - 1))
                guard !scenario.sections[section].isEmpty else { continue }
                let path = ItemPath(section: section, item: random.next(in: 0...(scenario.sections[section].count - 1)))
                let size = Size(width: random.pick([0, 12, 30, 55.5, 90, 400]), height: random.pick([0, 10, 24, 41]))
                taken[path] = size
                #expect(layout.preferredAttributes(size, for: .cell(path.section, path.item))?.size == size)
            }
            try layout.prepare(LayoutContext(dataSource: data, bounds: scenario.bounds))
            let expected = scenario.flow.layout(scenario.sections, bounds: scenario.bounds, preferred: taken)
            #expect(layout.elements(in: .everything) == expected.elements, "\(scenario)")
            #expect(layout.contentSize == expected.contentSize)
            let fresh = try FlowTesting.layout(scenario.flow.options)
            for (path, size) in taken { _ = fresh.preferredAttributes(size, for: .cell(path.section, path.item)) }
            try fresh.prepare(LayoutContext(dataSource: data, bounds: scenario.bounds))
            #expect(layout.contentOverflow == fresh.contentOverflow)
        }
    }
}
