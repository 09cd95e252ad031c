import LayoutKit
import TestSupport
import Testing
import Waterfall

/// The plugin's frames against `ReferenceWaterfall`, the rules written out again: both
/// orders, with and without headers, empty sections, `size` items, fractional values.
struct WaterfallGeometryTests {
    static let phone = Rect(x: 0, y: 0, width: 375, height: 667)

    static func prepared(_ reference: ReferenceWaterfall, _ sections: [[Value]], width: Double = 375) throws
        -> WaterfallLayout
    {
        let layout = try WaterfallLayout(options: Options(reference.options))
        try layout.prepare(
            LayoutContext(
                dataSource: DataSet.sections(sections).source, bounds: Rect(x: 0, y: 0, width: width, height: 667)))
        return layout
    }

    @Test func theDefaultsPlaceAShortTwoColumnWall() throws {
        // Column width (375 − 16 − 8) / 2 = 175.5; item 2 goes under item 1 (column 1 is shorter).
        let layout = try Self.prepared(ReferenceWaterfall(), [[100, 50, 30]])
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: 8, y: 8, width: 175.5, height: 100))
        #expect(layout.attributes(for: .cell(0, 1))?.frame == Rect(x: 191.5, y: 8, width: 175.5, height: 50))
        #expect(layout.attributes(for: .cell(0, 2))?.frame == Rect(x: 191.5, y: 66, width: 175.5, height: 30))
        #expect(layout.contentSize == Size(width: 375, height: 116))
    }

    @Test func headersSitAboveTheirSectionsItems() throws {
        var reference = ReferenceWaterfall()
        reference.headerHeight = 40
        let layout = try Self.prepared(reference, [[100], [], [20]])
        #expect(
            layout.attributes(for: .supplementary("header", 0, 0))
                == LayoutAttributes(
                    element: .supplementary("header", 0, 0), frame: Rect(x: 8, y: 8, width: 359, height: 40), zIndex: 1)
        )
        #expect(layout.attributes(for: .cell(0, 0))?.frame.y == 56)
        // Section 0 ends at 156; the empty section 1 is its header (164…204); section 2 starts at 212.
        #expect(layout.attributes(for: .supplementary("header", 1, 0))?.frame.y == 164)
        #expect(layout.attributes(for: .supplementary("header", 2, 0))?.frame.y == 212)
        #expect(layout.attributes(for: .cell(2, 0))?.frame.y == 260)
        #expect(layout.contentSize.height == 288)
        #expect(layout.attributes(for: .supplementary("header", 0, 1)) == nil)
    }

    @Test(arguments: 0..<16)
    func framesEqualTheReference(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        var reference = ReferenceWaterfall()
        reference.columns = random.next(in: 1...6)
        reference.spacing = [0, 8, 3.25][random.next(in: 0...2)]
        reference.left = Double(random.next(in: 0...20)) + 0.5
        reference.top = Double(random.next(in: 0...20)) / 3
        reference.right = Double(random.next(in: 0...20))
        reference.bottom = 7.125
        reference.headerHeight = seed.isMultiple(of: 2) ? 0 : Double(random.next(in: 10...60)) + 0.3
        reference.roundRobin = seed % 4 >= 2
        let sections: [[Value]] = (0..<random.next(in: 0...5)).map { _ in
            (0..<[0, 1, 7, 120][random.next(in: 0...3)]).map { _ -> Value in
                switch random.next(in: 0...3) {
                case 0: return .number(Double(random.next(in: 0...300)) / 7)
                case 1: return .map(["height": .number(Double(random.next(in: 1...200)) + 0.1)])
                case 2:
                    return .map([
                        "size": .map([
                            "width": .number(Double(random.next(in: 1...900)) / 3),
                            "height": .number(Double(random.next(in: 1...900))),
                        ])
                    ])
                default: return .number(Double(random.next(in: 1...200)))
                }
            }
        }
        let width = Double(random.next(in: 300...1200)) + 0.75
        let layout = try Self.prepared(reference, sections, width: width)
        let expected = reference.layout(sections, width: width)
        #expect(layout.elements(in: .everything) == expected.elements)
        #expect(layout.contentSize == expected.contentSize)
        #expect(layout.numberOfElements == expected.elements.count)
    }

    @Test func rectQueriesEqualABruteForceFilter() throws {
        var random = SplitMix(seed: 99)
        var reference = ReferenceWaterfall()
        reference.columns = 3
        reference.headerHeight = 30
        let sections: [[Value]] = (0..<4).map { _ in (0..<600).map { _ in .number(Double(random.next(in: 20...300))) } }
        let layout = try Self.prepared(reference, sections)
        let all = reference.layout(sections, width: 375).elements
        for _ in 0..<300 {
            let rect = Rect(
                x: Double(random.next(in: -50...400)),
                y: Double(random.next(in: -100...Int(layout.contentSize.height))),
                width: Double(random.next(in: 0...300)), height: Double(random.next(in: 0...1500)))
            #expect(layout.elements(in: rect) == all.filter { $0.frame.intersects(rect) })
        }
    }

    @Test func badOptionsAndItemsAreNamed() throws {
        #expect(throws: LayoutError.option(field: "columns", message: "expected a whole number from 1 to 1000, got 0"))
        {
            try WaterfallLayout(options: Options(["columns": 0]))
        }
        #expect(
            throws: LayoutError.option(
                field: "order", message: "expected 'shortestColumn' or 'roundRobin', got 'random'")
        ) {
            try WaterfallLayout(options: Options(["order": "random"]))
        }
        let narrow = try WaterfallLayout(options: Options(["columns": 50]))
        #expect(throws: LayoutError.self) {
            try narrow.prepare(LayoutContext(dataSource: DataSet.items([1]).source, bounds: Self.phone))
        }
        let layout = try WaterfallLayout(options: Options())
        #expect(
            throws: LayoutError.data(
                item: ItemPath(section: 0, item: 1), field: "height",
                message: "expected a number from 0 to 1e15, got -3")
        ) {
            try layout.prepare(LayoutContext(dataSource: DataSet.items([1, -3]).source, bounds: Self.phone))
        }
        #expect(
            throws: LayoutError.data(
                item: ItemPath(section: 0, item: 0), field: "size.width",
                message: "expected a number greater than 0 and at most 1e15, got 0")
        ) {
            try layout.prepare(
                LayoutContext(
                    dataSource: DataSet.items([["size": ["width": 0, "height": 3]]]).source, bounds: Self.phone))
        }
    }
}
