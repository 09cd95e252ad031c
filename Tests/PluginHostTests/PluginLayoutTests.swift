import Circles
import LayoutKit
import PluginHost
import TestSupport
import Testing

/// A layout used through the C boundary answers exactly as the same layout used directly.
struct PluginLayoutTests {
    static let plugin = Result { try PluginLoader.load(path: BuildProducts.library("Circles")) }

    func sizes(_ count: Int, seed: UInt64) -> DataSet {
        var random = SplitMix(seed: seed)
        return DataSet.items((0..<count).map { _ in .number(Double(random.next(in: 20...140))) })
    }

    @Test func everyCallMatchesTheInProcessLayout() throws {
        let options: [String: Value] = ["spacing": 4, "insets": ["left": 8]]
        let loaded = try Self.plugin.get().makeLayout(options: options)
        let direct = try CirclesLayout(options: Options(options))
        let context = LayoutContext(dataSource: sizes(500, seed: 3).source, bounds: Rect(x: 0, y: 0, width: 414, height: 800))
        try loaded.prepare(context)
        try direct.prepare(context)
        #expect(loaded.contentSize == direct.contentSize)
        var random = SplitMix(seed: 4)
        for _ in 0..<50 {
            let rect = Rect(x: Double(random.next(in: -50...400)), y: Double(random.next(in: -50...3000)), width: 300, height: 700)
            #expect(loaded.elements(in: rect) == direct.elements(in: rect))
        }
        #expect(loaded.elements(in: .everything).count == 500)
        #expect(loaded.attributes(for: .cell(0, 17)) == direct.attributes(for: .cell(0, 17)))
        #expect(loaded.attributes(for: .cell(0, 500)) == nil)
        #expect(loaded.attributes(for: .supplementary("connector", 0, 0)) == nil)
        let bounds = Rect(x: 0, y: 250, width: 414, height: 800)
        #expect(loaded.initialAttributes(forAppearing: .cell(0, 3), in: bounds) == direct.initialAttributes(forAppearing: .cell(0, 3), in: bounds))
        #expect(loaded.finalAttributes(forDisappearing: .cell(0, 3), in: bounds)?.alpha == 0)
        #expect(!loaded.shouldInvalidate(forBoundsChange: bounds))
        #expect(loaded.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 320, height: 800)))
        #expect(loaded.targetContentOffset(proposed: Point(x: 3, y: 77), velocity: Point(x: 0, y: 9)) == Point(x: 3, y: 77))
    }

    @Test func optionErrorsComeBackNamingTheOption() throws {
        #expect(throws: LayoutError.option(field: "step", message: "expected a number greater than 0, got -5")) {
            try Self.plugin.get().makeLayout(options: ["step": -5])
        }
    }

    @Test func dataErrorsComeBackNamingTheItem() throws {
        let layout = try Self.plugin.get().makeLayout(options: [:])
        let data = DataSet.items([100, "tall"])
        #expect(throws: LayoutError.data(item: ItemPath(section: 0, item: 1), field: nil, message: "expected a number or a map with a numeric 'size', got a string")) {
            try layout.prepare(LayoutContext(dataSource: data.source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
        }
    }

    @Test func aRaisedCancelFlagStopsALongPrepare() throws {
        let layout = try Self.plugin.get().makeLayout(options: [:])
        layout.cancel()
        #expect(throws: LayoutError.cancelled) {
            try layout.prepare(LayoutContext(dataSource: sizes(10_000, seed: 5).source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
        }
    }
}
