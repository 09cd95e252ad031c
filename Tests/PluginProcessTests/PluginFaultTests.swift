import Foundation
import TestSupport
import Testing

/// Plugins that misbehave, seen through the engine (in process: `EngineSession`): each
/// fault costs only its own request or view, and is reported naming the plugin.
struct PluginFaultTests {
    /// A folder of faulty plugins and a workspace with one view per fault (five items each).
    final class Fixture {
        let folder: TemporaryFolder
        let workspace: String

        init(_ faults: [FaultyPlugin]) throws {
            folder = try TemporaryFolder()
            try FaultyPlugin.build(faults, in: folder.path)
            var text = "workspace: faults\nsources: {five: {items: [1, 2, 3, 4, 5]}}\nviews:\n"
            for fault in faults {
                text +=
                    "  \(fault.rawValue): {layout: \(fault.pluginName), source: five, viewport: {width: 100, height: 100}}\n"
            }
            workspace = try folder.write("faults.yaml", text)
        }
    }

    static func error(_ response: [String: Any]?) -> [String: Any]? { response?["error"] as? [String: Any] }

    static let everything: [String: Double] = ["x": -1e9, "y": -1e9, "width": 2e9, "height": 2e9]

    @Test(arguments: ["process", "none"])
    func badRecordsAndFailedQueriesAreLayoutErrorsNamingTheElement(isolation: String) throws {
        let fixture = try Fixture([.well, .nan, .failQuery, .undeclaredKind])
        let client = EngineSession(isolation: isolation, plugins: [fixture.folder.path])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        let nan = Self.error(client.request("query", ["view": "faults/nan", "rect": Self.everything], id: 2))
        #expect(nan?["code"] as? Int == -32004)
        #expect(
            nan?["message"] as? String
                == "view 'nan' (fault-nan): plugin 'fault-nan' gave cell [0, 1] a bad frame.x: nan is not a finite number"
        )
        let data = nan?["data"] as? [String: Any]
        #expect(
            data?["element"] as? String == "cell [0, 1]" && data?["field"] as? String == "frame.x"
                && data?["plugin"] as? String == "fault-nan")
        let element = Self.error(
            client.request(
                "query", ["view": "faults/nan", "element": ["category": "cell", "section": 0, "item": 1]], id: 3))
        #expect(element?["code"] as? Int == -32004)
        let failed = Self.error(client.request("query", ["view": "faults/failquery", "rect": Self.everything], id: 4))
        #expect(
            failed?["message"] as? String
                == "view 'failquery' (fault-failquery): plugin 'fault-failquery' failed in elements_in_rect with status 3 (WB_ERROR_LAYOUT)"
        )
        let undeclared = Self.error(
            client.request("query", ["view": "faults/undeclared", "rect": Self.everything], id: 5))
        #expect((undeclared?["data"] as? [String: Any])?["field"] as? String == "kind")
        let well = client.request(
            "query", ["view": "faults/well", "rect": ["x": 0, "y": 30, "width": 100, "height": 30]], id: 6)
        let items = ((well?["result"] as? [String: Any])?["elements"] as? [[String: Any]])?.map { $0["item"] as? Int }
        #expect(items == [1, 2])
        #expect(client.finish() == 0)
    }

    /// One translation of a plugin's failure serves both backends: the same call failing the
    /// same way reads the same in process and isolated.
    @Test func aSilentFailureReadsTheSameInBothIsolationModes() throws {
        let fixture = try Fixture([.silentPrepare, .silentCreate])
        var answers: [String: [String]] = [:]
        for isolation in ["process", "none"] {
            let client = EngineSession(isolation: isolation, plugins: [fixture.folder.path])
            _ = client.request("open", ["path": fixture.workspace], id: 1)
            answers[isolation] = ["faults/silentprepare", "faults/silentcreate"].enumerated().map { index, view in
                let error = Self.error(client.request("prepare", ["view": view], id: 2 + index))
                return "\(error?["code"] as? Int ?? 0) \(error?["message"] as? String ?? "no error")"
            }
            #expect(client.finish() == 0)
        }
        #expect(
            answers["process"] == [
                "-32004 view 'silentprepare' (fault-silentprepare): plugin 'fault-silentprepare' failed in prepare with status 3 (WB_ERROR_LAYOUT)",
                "-32004 view 'silentcreate' (fault-silentcreate): the plugin made no layout and gave no reason",
            ])
        #expect(answers["none"] == answers["process"])
    }

    @Test(arguments: ["process", "none"])
    func aRefusedPluginIsAPluginErrorWithTheReason(isolation: String) throws {
        let fixture = try Fixture([.futureABI])
        let client = EngineSession(isolation: isolation, plugins: [fixture.folder.path])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        let refused = Self.error(client.request("prepare", ["view": "faults/future"], id: 2))
        #expect(refused?["code"] as? Int == -32002)
        #expect((refused?["message"] as? String)?.contains("the layout plugin 'fault-future' was refused: ") == true)
        #expect(
            (refused?["message"] as? String)?.contains("plugin ABI version 3, but this workbench speaks version 2")
                == true)
        let plugins = client.request("plugins", id: 3)?["result"] as? [[String: Any]] ?? []
        let entry = plugins.first { ($0["path"] as? String)?.hasSuffix("libfault-future.so") == true }
        #expect((entry?["refused"] as? String)?.contains("plugin ABI version 3") == true)
        #expect(plugins.contains { $0["name"] as? String == "circles" })
        #expect(client.finish() == 0)
    }
}
