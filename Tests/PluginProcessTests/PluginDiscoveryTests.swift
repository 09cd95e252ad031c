import Foundation
import TestSupport
import Testing

/// Discovery with `--isolation process` (the default) loads libraries only in a child
/// process: one that crashes or hangs while being loaded is refused with the reason, and the
/// workbench and every other plugin go on.
struct PluginDiscoveryTests {
    typealias Fixture = PluginFaultTests.Fixture

    @Test func pluginsListsALibraryThatCrashesWhileLoadingAsRefused() throws {
        let fixture = try Fixture([.crashOnLoad, .well, .futureABI])
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench"), ["plugins", "--plugins", fixture.folder.path])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let library = { (name: String) in
            (fixture.folder.path as NSString).appendingPathComponent("libfault-\(name).so")
        }
        #expect(lines.contains("refused: \(library("loadcrash")): loading it ended its plugin host (SIGSEGV)"))
        #expect(lines.contains { $0.hasPrefix("refused: \(library("future")): plugin ABI version 3") })
        #expect(
            lines.contains { $0.hasPrefix("fault-well 0.0.1  \(library("well"))") },
            "the library after the crash is described by a new child")
        #expect(lines.contains { $0.hasPrefix("circles ") })
    }

    @Test func runRefusesLibrariesThatCrashOrHangWhileLoadingAndLaysOutTheRest() throws {
        let fixture = try Fixture([.well, .crashOnLoad, .hangOnLoad])
        let started = Date()
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench"),
            ["run", fixture.workspace, "--plugins", fixture.folder.path, "--timeout", "0.5"])
        #expect(Date().timeIntervalSince(started) < 8, "the hang costs the load timeout, not the default 10 s")
        #expect(result.status == 1)
        let views = result.standardOutput.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(views.map { $0["view"] as? String } == ["well"])
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("\(fixture.workspace):5:")
                    && $0.hasSuffix(
                        "the layout plugin 'fault-loadcrash' was refused: \(fixture.folder.path)/libfault-loadcrash.so: loading it ended its plugin host (SIGSEGV)"
                    )
            })
        #expect(
            lines.contains {
                $0.hasPrefix("\(fixture.workspace):6:")
                    && $0.hasSuffix("loading it did not finish within 0.5 s; its plugin host was stopped")
            })
        #expect(lines.last == "workbench: 1 view laid out, 2 failed")
    }

    @Test func aLibraryThatCrashesWhileLoadingIsRefusedByAReloadAndTheServerGoesOn() throws {
        let fixture = try Fixture([.well])
        let client = try ServerClient(arguments: ["--plugins", fixture.folder.path])
        _ = client.request("open", ["path": fixture.workspace], id: 1)
        _ = try FaultyPlugin.crashOnLoad.build(in: fixture.folder.path)
        _ = client.request("reload", id: 2)  // or the folder watch got there first: either way it is scanned
        let plugins = client.request("plugins", id: 4)?["result"] as? [[String: Any]] ?? []
        let entry = plugins.first { ($0["path"] as? String)?.hasSuffix("libfault-loadcrash.so") == true }
        #expect(
            entry?["refused"] as? String
                == "\(fixture.folder.path)/libfault-loadcrash.so: loading it ended its plugin host (SIGSEGV)")
        let query = client.request("query", ["view": "faults/well", "rect": PluginFaultTests.everything], id: 3)
        #expect(((query?["result"] as? [String: Any])?["elements"] as? [[String: Any]])?.count == 5)
        #expect(client.finish() == 0)
    }
}
