import EngineProtocol
import Foundation
import JSON
import JSONRPC
import LayoutKit
import PluginHost
import TestSupport
import Testing
import WorkbenchEngine

/// What a client asks the engine's state with, as `workbench mcp` does instead of reading the
/// engine: `workspaces` (the open workspaces), `describe` (a view as its requests left it) and
/// `check` (the contract on a view, in the view's order) — answers as values, and their errors.
struct EngineStateRequestsTests {
    static let workspace = EngineClientTests.workspace

    @Test func workspacesListsTheOpenOnesByNameWithTheirTextsAndDataFiles() throws {
        let client = EngineClientTests.client()
        defer { client.stop() }
        #expect(try client.send(WorkspacesRequest()).get().workspaces.isEmpty)
        let markSheet = BuildProducts.repositoryRoot + "/Workspaces/mark-sheet.yaml"
        _ = try client.send(OpenRequest(.path(markSheet))).get()
        _ = try client.send(OpenRequest(.text(Self.workspace, directory: "/"))).get()
        let listed = try client.send(WorkspacesRequest()).get()
        #expect(listed.workspaces.map(\.workspace) == ["clients", "mark-sheet"])
        let typed = try #require(listed.workspaces.first)
        #expect(typed.file == "<text>" && typed.text == Self.workspace && typed.dataFiles.isEmpty)
        #expect(typed.views.map(\.id) == ["clients/circles"])
        let fromFile = listed.workspaces[1]
        #expect(fromFile.file == markSheet)
        #expect(fromFile.text == (try String(contentsOfFile: markSheet, encoding: .utf8)))
        #expect(fromFile.dataFiles == [BuildProducts.repositoryRoot + "/Workspaces/data/marks.csv"])
        let json = String(decoding: try listed.encodedResult(), as: UTF8.self)
        #expect(json.hasPrefix(#"[{"dataFiles":[],"file":"<text>","text":"workspace: clients\n"#), "\(json)")
        #expect(json.contains(#""views":[{"direction":"leftToRight","id":"clients/circles","layout":"circles""#))

        _ = try client.send(CloseRequest(workspace: "clients")).get()
        #expect(try client.send(WorkspacesRequest()).get().workspaces.map(\.workspace) == ["mark-sheet"])
    }

    @Test func describeTellsTheViewAsItsRequestsLeftIt() throws {
        let client = EngineClientTests.client()
        defer { client.stop() }
        let unknown = client.send(DescribeRequest(view: "clients/circles"))
        #expect(unknown.failure?.code == RPCError.unknownViewCode)
        #expect(unknown.failure?.message == "no open view 'clients/circles' (no workspace is open)")
        _ = try client.send(OpenRequest(.text(Self.workspace, directory: "/"))).get()
        let view = "clients/circles"
        let opened = try client.send(DescribeRequest(view: view)).get()
        #expect(opened.bounds == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(opened.layout == "circles" && opened.direction == .leftToRight)

        let scrolled = Rect(x: 0, y: 120, width: 320, height: 480)
        _ = try client.send(InvalidateRequest(view: view, bounds: scrolled)).get()
        _ = try client.send(InvalidateRequest(view: view, direction: .rightToLeft)).get()
        let moved = try client.send(DescribeRequest(view: view)).get()
        #expect(moved.bounds == scrolled && moved.direction == .rightToLeft)
        _ = try client.send(TransitionRequest(view: view, layout: "waterfall")).get()
        #expect(try client.send(DescribeRequest(view: view)).get().layout == "waterfall")
        #expect(
            String(decoding: try moved.encodedResult(), as: UTF8.self)
                == #"{"bounds":{"height":480,"width":320,"x":0,"y":120},"direction":"rightToLeft","layout":"circles"}"#)

        let nameless = client.send(DescribeRequest.self, params: [:])
        #expect(nameless.failure?.message == "invalid params: params.view is missing")
    }

    @Test func checkRunsTheContractOnTheViewAndRefusesBadParams() throws {
        let client = EngineClientTests.client()
        defer { client.stop() }
        _ = try client.send(OpenRequest(.text(Self.workspace, directory: "/"))).get()
        let report = try client.send(CheckRequest(view: "clients/circles", rectCount: 10, seed: 4)).get()
        #expect(report.layout == "circles" && report.violations == 0 && report.findings.isEmpty)
        #expect(
            String(decoding: try report.encodedResult(), as: UTF8.self)
                == #"{"findings":[],"layout":"circles","violations":0}"#)

        let negative = client.send(CheckRequest.self, params: ["view": "clients/circles", "rects": -1])
        #expect(negative.failure?.code == -32602)
        #expect(negative.failure?.message.hasPrefix("invalid params: params.rects: ") == true)
        let text = client.send(CheckRequest.self, params: ["view": "clients/circles", "seed": "one"])
        #expect(text.failure?.message.hasPrefix("invalid params: params.seed: ") == true)
        let unknown = client.send(CheckRequest(view: "clients/nope"))
        #expect(unknown.failure?.code == RPCError.unknownViewCode)
        #expect(unknown.failure?.message.hasPrefix("no open view 'clients/nope'; open views: clients/circles") == true)
    }

    @Test func checkLocatesEachBrokenRuleAtTheViewAndAViewItCannotCheckIsALayoutError() throws {
        let folder = try TemporaryFolder()
        try FaultyPlugin.build([.unordered, .silentPrepare], in: folder.path)
        let client = EngineClient(plugins: .inProcess(PluginRegistry.discover(in: [folder.path])))
        defer { client.stop() }
        let workspace = """
            workspace: faults
            sources:
              items: {items: [1, 2, 3, 4, 5]}
            views:
              unordered: {layout: fault-unordered, source: items}
              refusing: {layout: fault-silentprepare, source: items}
            """
        _ = try client.send(OpenRequest(.text(workspace, directory: "/"))).get()
        let broken = try client.send(CheckRequest(view: "faults/unordered", rectCount: 5)).get()
        #expect(broken.violations > 0 && broken.findings.count == broken.violations)
        #expect(broken.findings.allSatisfy { $0.hasPrefix("<text>:5:3: error: view 'unordered' (fault-unordered): ") })

        let refused = client.send(CheckRequest(view: "faults/refusing"))
        #expect(refused.failure?.code == RPCError.layoutErrorCode)
        #expect(refused.failure?.data?["rendered"]?.stringValue?.hasPrefix("<text>:6:") == true, "\(refused)")
    }
}
