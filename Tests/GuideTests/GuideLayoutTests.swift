import Guide
import LayoutChecker
import LayoutKit
import ReferenceLayouts
import TestSupport
import Testing

struct GuideLayoutTests {
    static func grid(sections: Int, items: Int) -> DataSet {
        DataSet.sections((0..<sections).map { section in (0..<items).map { .number(Double(section * 100 + $0)) } })
    }

    static func prepared(
        _ data: DataSet, bounds: Rect = Rect(x: 0, y: 0, width: 375, height: 667),
        options: [String: Value] = [:]
    ) throws -> GuideLayout {
        let layout = try GuideLayout(options: Options(options))
        try layout.prepare(LayoutContext(dataSource: data.source, bounds: bounds))
        return layout
    }

    func frame(_ layout: GuideLayout, _ section: Int, _ item: Int) -> Rect? {
        layout.attributes(for: .cell(section, item))?.frame
    }

    @Test func naturalFramesFollowTheSeedsAlternatingWidths() throws {
        let layout = try Self.prepared(Self.grid(sections: 4, items: 4))
        #expect(frame(layout, 0, 0) == Rect(x: 0, y: 0, width: 100, height: 30))
        #expect(frame(layout, 0, 3) == Rect(x: 300, y: 0, width: 100, height: 30))
        #expect(frame(layout, 1, 2) == Rect(x: 200, y: 30, width: 100, height: 30))
        #expect(frame(layout, 2, 0) == Rect(x: 0, y: 60, width: 100, height: 30))
        #expect(frame(layout, 2, 1) == Rect(x: 100, y: 60, width: 200, height: 30))
        #expect(frame(layout, 2, 3) == Rect(x: 500, y: 60, width: 200, height: 30))
        #expect(layout.contentSize == Size(width: 700, height: 120))
        #expect(layout.attributes(for: .cell(0, 0))?.zIndex == 2)
        #expect(layout.attributes(for: .cell(0, 2))?.zIndex == 1)
        #expect(layout.attributes(for: .cell(3, 0))?.zIndex == 1)
        #expect(layout.attributes(for: .cell(3, 1))?.zIndex == 0)
    }

    @Test func stickyHeadersFollowTheBoundsOrigin() throws {
        let data = Self.grid(sections: 4, items: 4)
        let layout = try Self.prepared(data)
        let scrolled = Rect(x: 150, y: 45, width: 375, height: 667)
        #expect(layout.shouldInvalidate(forBoundsChange: scrolled))
        #expect(layout.invalidation(forBoundsChange: scrolled) == .bounds)
        layout.invalidate(.bounds)
        try layout.prepare(LayoutContext(dataSource: data.source, bounds: scrolled))
        #expect(frame(layout, 0, 0) == Rect(x: 150, y: 45, width: 100, height: 30))
        #expect(frame(layout, 0, 2) == Rect(x: 200, y: 45, width: 100, height: 30))
        #expect(frame(layout, 2, 0) == Rect(x: 150, y: 60, width: 100, height: 30))
        #expect(frame(layout, 1, 0) == Rect(x: 150, y: 30, width: 100, height: 30))
        #expect(frame(layout, 2, 1) == Rect(x: 100, y: 60, width: 200, height: 30))
        let visible = layout.elements(in: scrolled)
        #expect(
            visible.first
                == LayoutAttributes(element: .cell(0, 0), frame: Rect(x: 150, y: 45, width: 100, height: 30), zIndex: 2)
        )
        #expect(visible.contains { $0.element == .cell(3, 0) && $0.frame.minX == 150 })
    }

    @Test func aBoundsOnlyInvalidationKeepsTheGridAndADataChangeRebuildsIt() throws {
        let layout = try Self.prepared(Self.grid(sections: 4, items: 4))
        let bigger = Self.grid(sections: 6, items: 5)
        layout.invalidate(.bounds)
        try layout.prepare(LayoutContext(dataSource: bigger.source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
        #expect(layout.contentSize == Size(width: 700, height: 120))  // the bounds-only fast path kept the grid
        layout.invalidate(.data)
        try layout.prepare(LayoutContext(dataSource: bigger.source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
        #expect(layout.contentSize == Size(width: 900, height: 180))
    }

    @Test func targetContentOffsetSnapsToTheIntervalAndClamps() throws {
        let layout = try Self.prepared(Self.grid(sections: 50, items: 20))  // content 3900 × 1500
        func target(_ x: Double, _ y: Double) -> Point {
            layout.targetContentOffset(proposed: Point(x: x, y: y), velocity: Point(x: 3, y: 0))
        }
        #expect(target(149, 10) == Point(x: 100, y: 10))
        #expect(target(150, 10) == Point(x: 200, y: 10))
        #expect(target(-70, -5) == Point(x: 0, y: 0))
        #expect(target(3700, 2000) == Point(x: 3525, y: 833))
        let custom = try Self.prepared(Self.grid(sections: 50, items: 20), options: ["snapInterval": 25])
        #expect(custom.targetContentOffset(proposed: Point(x: 112.4, y: 0), velocity: .zero) == Point(x: 100, y: 0))
    }

    @Test func durationsGiveProgrammesTheirLengths() throws {
        let data = DataSet.sections([
            ["", "00:00", "00:30", "01:00"],
            ["BBC One", ["title": "News", "minutes": 30], ["title": "Film", "minutes": 90]],
            ["ITV", ["title": "Quiz", "minutes": 45]],
        ])
        let layout = try Self.prepared(data, options: ["durationField": "minutes"])
        #expect(frame(layout, 1, 1) == Rect(x: 100, y: 30, width: 100, height: 30))
        #expect(frame(layout, 1, 2) == Rect(x: 200, y: 30, width: 300, height: 30))
        #expect(frame(layout, 2, 1) == Rect(x: 100, y: 60, width: 150, height: 30))
        #expect(layout.contentSize == Size(width: 500, height: 90))
        let broken = DataSet.sections([["", "00:00"], ["BBC", ["title": "News"]]])
        #expect(
            throws: LayoutError.data(
                item: ItemPath(section: 1, item: 1), field: "minutes",
                message: "expected a map with a positive number 'minutes', got a map")
        ) {
            try Self.prepared(broken, options: ["durationField": "minutes"])
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func queriesEqualTheSeedsLayoutWhereverTheViewScrolls(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let withDurations = seed.isMultiple(of: 3)
        let data =
            withDurations
            ? Self.programmes(channels: 40, seed: seed)
            : Self.grid(sections: random.next(in: 1...60), items: random.next(in: 1...30))
        let options: [String: Value] =
            withDurations ? ["durationField": "minutes", "cellSize": ["width": 80, "height": 44]] : [:]
        let engine = try Self.prepared(data, options: options)
        let reference =
            withDurations
            ? ReferenceGuideLayout(cellSize: Size(width: 80, height: 44), durationField: "minutes")
            : ReferenceGuideLayout()
        for step in 0..<20 {
            let bounds = Rect(
                x: Double(random.next(in: 0...3000)), y: Double(random.next(in: 0...2000)), width: 375, height: 667)
            if step > 0 {
                #expect(engine.shouldInvalidate(forBoundsChange: bounds))
                engine.invalidate(engine.invalidation(forBoundsChange: bounds))
            }
            try engine.prepare(LayoutContext(dataSource: data.source, bounds: bounds))
            try reference.prepare(LayoutContext(dataSource: data.source, bounds: bounds))
            var rects = CheckRects.random(40, around: engine.contentSize, seed: seed * 100 + UInt64(step))
            rects.append(bounds)
            #expect(LayoutComparison.firstDisagreement(engine, reference, rects: rects) == nil)
            let proposed = Point(x: Double(random.next(in: -100...4000)), y: Double(random.next(in: -100...3000)))
            #expect(
                engine.targetContentOffset(proposed: proposed, velocity: .zero)
                    == reference.targetContentOffset(proposed: proposed, velocity: .zero))
        }
    }

    static func programmes(channels: Int, seed: UInt64) -> DataSet {
        var random = SplitMix(seed: seed)
        var sections: [[Value]] = [[""] + (0..<48).map { .string("slot \($0)") }]
        for channel in 0..<channels {
            sections.append(
                [.string("Channel \(channel)")]
                    + (0..<random.next(in: 0...30)).map { _ in
                        ["minutes": .number(Double(random.next(in: 1...12) * 10))]
                    })
        }
        return DataSet.sections(sections)
    }
}
