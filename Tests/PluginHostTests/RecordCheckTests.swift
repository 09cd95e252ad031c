import LayoutKit
import PluginHost
import TestSupport
import Testing

/// Every record from a plugin is checked at the boundary; bad ones are errors naming the
/// element and the field, order and rect violations are repaired and reported.
struct RecordCheckTests {
    static let data = DataSet.items([1, 2, 3, 4, 5])
    static let bounds = Rect(x: 0, y: 0, width: 100, height: 100)

    /// The faulty plugin `behaviour`, loaded in this process and prepared with five items.
    func prepared(_ behaviour: FaultyPlugin) throws -> any PluginInstance {
        let folder = try TemporaryFolder()
        let path = try behaviour.build(in: folder.path)
        let instance = try InProcessBackend(plugin: try PluginLoader.load(path: path)).makeInstance(options: [:])
        try instance.prepare(data: Self.data, bounds: Self.bounds, cancel: CancelFlag())
        return instance
    }

    @Test func aWellBehavedPluginPassesUntouched() throws {
        let layout = try prepared(.well)
        let frames = try layout.withElements(in: Rect(x: 0, y: 30, width: 100, height: 30)) { records in
            #expect(records.repairs.isEmpty)
            return (0..<records.count).map { records[$0].frame }
        }
        #expect(frames == [Rect(x: 0, y: 20, width: 100, height: 20), Rect(x: 0, y: 40, width: 100, height: 20)])
    }

    @Test func aNaNIsAnErrorNamingTheElementAndTheField() throws {
        let layout = try prepared(.nan)
        let expected = PluginCallError.badRecord(
            plugin: "fault-nan", element: "cell [0, 1]", field: "frame.x", problem: "nan is not a finite number")
        #expect(throws: expected) { try layout.elements(in: .everything) }
        #expect(throws: expected) { try layout.attributes(for: .cell(0, 1)) }
        #expect(try layout.attributes(for: .cell(0, 2))?.frame == Rect(x: 0, y: 40, width: 100, height: 20))
        #expect(expected.description == "plugin 'fault-nan' gave cell [0, 1] a bad frame.x: nan is not a finite number")
    }

    @Test func aFailedQueryIsAnErrorNotAnEmptyAnswer() throws {
        let layout = try prepared(.failQuery)
        #expect(throws: PluginCallError.failed(plugin: "fault-failquery", operation: "elements_in_rect", status: 3)) {
            try layout.elements(in: .everything)
        }
        #expect(
            PluginCallError.failed(plugin: "fault-failquery", operation: "elements_in_rect", status: 3).description
                == "plugin 'fault-failquery' failed in elements_in_rect with status 3 (WB_ERROR_LAYOUT)")
    }

    @Test func anUndeclaredKindIsAnErrorNamingTheKind() throws {
        let layout = try prepared(.undeclaredKind)
        #expect(
            throws: PluginCallError.badRecord(
                plugin: "fault-undeclared", element: "supplementary [0, 0]", field: "kind",
                problem: "7 is not a declared supplementary kind (declared: 0 (badge))")
        ) {
            try layout.elements(in: .everything)
        }
    }

    @Test func outOfOrderAndOutOfRectRecordsAreRepairedAndReported() throws {
        let layout = try prepared(.unordered)
        let (items, repairs) = try layout.withElements(in: Rect(x: 0, y: 0, width: 100, height: 100)) { records in
            ((0..<records.count).map { records[$0].item }, records.repairs)
        }
        #expect(items == [1, 2, 3, 4])
        #expect(repairs == [.reordered, .outsideRect])
        #expect(repairs.phrase == "out of canonical order and outside the query rect")
    }

    @Test func aRefusedPluginIsExplainedWhenAWorkspaceNamesIt() throws {
        let folder = try TemporaryFolder()
        let path = try FaultyPlugin.futureABI.build(in: folder.path)
        let registry = PluginRegistry.discover(in: [folder.path])
        let expected = PluginError.refused(
            name: "fault-future", reason: .abiMismatch(path: path, found: 3, expected: 2))
        #expect(throws: expected) { try registry.plugin(named: "fault-future") }
        #expect(
            expected.description.hasPrefix(
                "the layout plugin 'fault-future' was refused: \(path): plugin ABI version 3, but this workbench speaks version 2"
            ))
        #expect(throws: PluginError.notFound(name: "fault-other", available: [])) {
            try registry.plugin(named: "fault-other")
        }
    }
}
