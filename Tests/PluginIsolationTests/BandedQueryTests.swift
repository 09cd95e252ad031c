import LayoutKit
import PluginHost
import TestSupport
import Testing

@testable import PluginIsolation

/// A plugin process answers a run of rects pipelined (the next computed in its second result
/// area while this one is read): each band is what a query of its own gives, in process and
/// out, and however the run ends — all read, stopped early, or failed — the channel stays in
/// step, so the next request gets its own answer.
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

    @Test func eachBandIsWhatItsOwnQueryGives() throws {
        let (isolated, inProcess, rects) = try Self.layouts()
        var bands: [[LayoutAttributes]] = []
        try isolated.withElements(inEach: rects) { index, records in
            #expect(index == bands.count)
            bands.append(records.allAttributes)
            return true
        }
        #expect(bands.count == rects.count)
        #expect(bands.map(\.count).max()! > 2048, "a band larger than both areas' first capacity")
        for (band, rect) in zip(bands, rects) {
            #expect(band == (try inProcess.elements(in: rect)))
            #expect(band == (try isolated.elements(in: rect)))
        }
        // And again, over the grown areas.
        var again: [[LayoutAttributes]] = []
        try isolated.withElements(inEach: rects.reversed()) { _, records in
            again.append(records.allAttributes)
            return true
        }
        #expect(again == bands.reversed())
    }

    @Test(arguments: [0, 3, 8])
    func stoppingEarlyLeavesTheChannelInStep(after stop: Int) throws {
        let (isolated, inProcess, rects) = try Self.layouts()
        var seen: [Int] = []
        try isolated.withElements(inEach: rects) { index, _ in
            seen.append(index)
            return index < stop
        }
        #expect(seen == Array(0...stop))
        for rect in rects.reversed() {
            #expect(try isolated.elements(in: rect) == inProcess.elements(in: rect))
        }
        #expect(try isolated.contentSize() == inProcess.contentSize())
    }

    @Test func aFailingBodyIsReportedAndLeavesTheChannelInStep() throws {
        let (isolated, inProcess, rects) = try Self.layouts()
        #expect(throws: PluginCallError.cancelled) {
            try isolated.withElements(inEach: rects) { index, _ throws(PluginCallError) in
                if index == 4 { throw .cancelled }
                return true
            }
        }
        for rect in rects {
            #expect(try isolated.elements(in: rect) == inProcess.elements(in: rect))
        }
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
