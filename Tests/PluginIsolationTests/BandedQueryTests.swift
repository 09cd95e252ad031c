import LayoutKit
import PluginHost
import TestSupport
import Testing

@testable import PluginIsolation

/// Both backends answer a run of rects pipelined (a plugin process computes the next in its
/// second result area, the in-process backend on a thread of its own, while this one is read):
/// each band is what a query of its own gives, and however the run ends — all read, stopped
/// early, or failed — the instance stays in step, so the next request gets its own answer.
struct BandedQueryTests {
    static let bounds = Rect(x: 0, y: 0, width: 320, height: 480)

    /// Circles of 3,000 items in a plugin process and in this one, prepared alike, and rects of
    /// uneven sizes over the content: several hold more records than a result area starts
    /// with (1,024), so both areas grow, at different bands.
    static func layouts() throws -> (isolated: ProcessInstance, inProcess: any PluginInstance, rects: [Rect]) {
        let plugin = try PluginLoader.load(path: BuildProducts.library("Circles"))
        let backend = ProcessBackend(plugin: plugin, executable: BuildProducts.executable("workbench"))
        let isolated = try #require(try backend.makeInstance(options: [:]) as? ProcessInstance)
        let inProcess = try InProcessBackend(plugin: plugin).makeInstance(options: [:])
        let data = DataSet.items((0..<3000).map { .number(Double(20 + $0 % 7 * 5)) })
        for layout in [isolated, inProcess] as [any PluginInstance] {
            try layout.prepare(data: data, bounds: bounds, cancel: CancelFlag())
        }
        let height = try isolated.contentSize().height
        let cuts = [0, 0.01, 0.02, 0.4, 0.41, 0.9, 0.95, 1].map { $0 * height }
        var rects = zip(cuts, cuts.dropFirst()).map { Rect(x: 0, y: $0, width: 320, height: $1 - $0) }
        rects.append(Rect(x: 0, y: 0, width: 320, height: height))
        rects.append(Rect(x: 0, y: 0, width: 320, height: 10))
        return (isolated, inProcess, rects)
    }

    /// The bands of `rects`, pipelined by `layout`.
    static func bands(_ layout: any PluginInstance, _ rects: [Rect]) throws -> [[LayoutAttributes]] {
        var bands: [[LayoutAttributes]] = []
        try layout.withElements(inEach: rects) { index, records in
            #expect(index == bands.count)
            bands.append(records.allAttributes)
            return true
        }
        return bands
    }

    @Test func eachBandIsWhatItsOwnQueryGives() throws {
        let (isolated, inProcess, rects) = try Self.layouts()
        let bands = try Self.bands(isolated, rects)
        #expect(bands.count == rects.count)
        #expect(bands.map(\.count).max()! > 2048, "a band larger than both areas' first capacity")
        for (band, rect) in zip(bands, rects) {
            #expect(band == (try inProcess.elements(in: rect)))
            #expect(band == (try isolated.elements(in: rect)))
        }
        #expect(try Self.bands(inProcess, rects) == bands)
        // And again, over the grown areas and buffers.
        #expect(try Self.bands(isolated, rects.reversed()) == bands.reversed())
        #expect(try Self.bands(inProcess, rects.reversed()) == bands.reversed())
    }

    @Test(arguments: [0, 3, 8], [true, false])
    func stoppingEarlyLeavesTheInstanceInStep(after stop: Int, isolated: Bool) throws {
        let layouts = try Self.layouts()
        let (layout, other): (any PluginInstance, any PluginInstance) =
            isolated ? (layouts.isolated, layouts.inProcess) : (layouts.inProcess, layouts.isolated)
        var seen: [Int] = []
        try layout.withElements(inEach: layouts.rects) { index, _ in
            seen.append(index)
            return index < stop
        }
        #expect(seen == Array(0...stop))
        for rect in layouts.rects.reversed() {
            #expect(try layout.elements(in: rect) == other.elements(in: rect))
        }
        #expect(try layout.contentSize() == other.contentSize())
    }

    @Test(arguments: [true, false])
    func aFailingBodyIsReportedAndLeavesTheInstanceInStep(isolated: Bool) throws {
        let layouts = try Self.layouts()
        let layout: any PluginInstance = isolated ? layouts.isolated : layouts.inProcess
        #expect(throws: PluginCallError.cancelled) {
            try layout.withElements(inEach: layouts.rects) { index, _ throws(PluginCallError) in
                if index == 4 { throw .cancelled }
                return true
            }
        }
        #expect(try Self.bands(layout, layouts.rects) == Self.bands(layouts.isolated, layouts.rects))
    }

    @Test func aPluginThatFailsABandFailsTheRunAndTheNextCallWorks() throws {
        let folder = try TemporaryFolder()
        let plugin = try PluginLoader.load(path: try FaultyPlugin.failQuery.build(in: folder.path))
        let backend = ProcessBackend(plugin: plugin, executable: BuildProducts.executable("workbench"))
        let isolated = try backend.makeInstance(options: [:])
        try isolated.prepare(data: DataSet.items([1, 2, 3]), bounds: Self.bounds, cancel: CancelFlag())
        var seen = 0
        #expect(throws: PluginCallError.self) {
            try isolated.withElements(inEach: [Self.bounds, Self.bounds]) { _, _ in
                seen += 1
                return true
            }
        }
        #expect(seen == 0)
        #expect(try isolated.contentSize().height == 60)
    }
}
