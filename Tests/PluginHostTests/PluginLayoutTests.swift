import Circles
import LayoutKit
import PluginHost
import TestSupport
import Testing

/// A layout used through the C boundary answers exactly as the same layout used directly.
struct PluginLayoutTests {
    static let plugin = Result { try PluginLoader.load(path: BuildProducts.library("Circles")) }
    static let bounds = Rect(x: 0, y: 0, width: 414, height: 800)

    func makeLayout(_ options: [String: Value]) throws -> any PluginInstance {
        try InProcessBackend(plugin: try Self.plugin.get()).makeInstance(options: options)
    }

    func sizes(_ count: Int, seed: UInt64) -> DataSet {
        var random = SplitMix(seed: seed)
        return DataSet.items((0..<count).map { _ in .number(Double(random.next(in: 20...140))) })
    }

    @Test func everyCallMatchesTheInProcessLayout() throws {
        let options: [String: Value] = ["spacing": 4, "insets": ["left": 8]]
        let loaded = try makeLayout(options)
        let direct = try CirclesLayout(options: Options(options))
        let data = sizes(500, seed: 3)
        try loaded.prepare(data: data, bounds: Self.bounds, cancel: CancelFlag())
        try direct.prepare(LayoutContext(dataSource: data.source, bounds: Self.bounds))
        #expect(try loaded.contentSize() == direct.contentSize)
        var random = SplitMix(seed: 4)
        for _ in 0..<50 {
            let rect = Rect(
                x: Double(random.next(in: -50...400)), y: Double(random.next(in: -50...3000)), width: 300, height: 700)
            #expect(try loaded.elements(in: rect) == direct.elements(in: rect))
        }
        #expect(try loaded.elements(in: .everything).count == 500)
        #expect(try loaded.attributes(for: .cell(0, 17)) == direct.attributes(for: .cell(0, 17)))
        #expect(try loaded.attributes(for: .cell(0, 500)) == nil)
        #expect(try loaded.attributes(for: .supplementary("connector", 0, 0)) == nil)
        let bounds = Rect(x: 0, y: 250, width: 414, height: 800)
        #expect(
            try loaded.transitionAttributes(for: .cell(0, 3), isAppearing: true, in: bounds)
                == direct.initialAttributes(forAppearing: .cell(0, 3), in: bounds))
        #expect(try loaded.transitionAttributes(for: .cell(0, 3), isAppearing: false, in: bounds)?.alpha == 0)
        #expect(try !loaded.shouldInvalidate(forBoundsChange: bounds))
        #expect(try loaded.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 320, height: 800)))
        #expect(
            try loaded.targetContentOffset(proposed: Point(x: 3, y: 77), velocity: Point(x: 0, y: 9))
                == Point(x: 3, y: 77))
    }

    @Test func optionErrorsComeBackNamingTheOption() throws {
        #expect(
            throws: PluginCallError.reported(
                .option(field: "step", message: "expected a number greater than 0 and at most 1e15, got -5"))
        ) {
            try makeLayout(["step": -5])
        }
    }

    @Test func dataErrorsComeBackNamingTheItem() throws {
        let layout = try makeLayout([:])
        let data = DataSet.items([100, "tall"])
        #expect(
            throws: PluginCallError.reported(
                .data(
                    item: ItemPath(section: 0, item: 1), field: nil,
                    message: "expected a number or a map with a numeric 'size', got a string"))
        ) {
            try layout.prepare(data: data, bounds: Rect(x: 0, y: 0, width: 375, height: 667), cancel: CancelFlag())
        }
    }

    @Test func aRaisedCancelFlagStopsALongPrepare() throws {
        let layout = try makeLayout([:])
        let flag = CancelFlag()
        flag.raise()
        #expect(throws: PluginCallError.cancelled) {
            try layout.prepare(
                data: sizes(10_000, seed: 5), bounds: Rect(x: 0, y: 0, width: 375, height: 667), cancel: flag)
        }
        let timedOut = CancelFlag()
        timedOut.raise(.timedOut(seconds: 2))
        #expect(throws: PluginCallError.timedOut(plugin: "circles", operation: "prepare", seconds: 2)) {
            try layout.prepare(
                data: sizes(10_000, seed: 5), bounds: Rect(x: 0, y: 0, width: 375, height: 667), cancel: timedOut)
        }
    }
}
