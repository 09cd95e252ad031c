import EngineProtocol
import Foundation
import JSON
import JSONRPC
import Synchronization
import TestSupport
import Testing
import WorkbenchEngine

@testable import MCPServer

/// `workbench mcp` in process: its tools answer what the engine answers, through the engine's
/// typed client, and a mistake is a tool result with `isError`, naming the view.
struct MCPSessionTests {
    static let workspace = """
        workspace: agents
        sources:
          alarms:
            generate: {sections: 1, items: 40, min: 40, max: 120, seed: 3}
        views:
          circles:
            layout: circles
            source: alarms
            viewport: {width: 375, height: 667}
        """

    /// A compositional view (UIKit's layout, issue 37): its header, badges and background are
    /// kinds its description names.
    static let store = """
        workspace: agents
        sources:
          apps:
            items: [Mail, Maps, Music, Notes, Photos]
        views:
          circles:
            layout: compositional
            source: apps
            viewport: {width: 375, height: 667}
            options:
              sections:
                - group:
                    horizontal:
                      size: {width: {fractionalWidth: 1.0}, height: {absolute: 80}}
                      subitems: [{item: {size: {width: {fractionalWidth: 0.25}, height: {fractionalHeight: 1.0}}, supplementaryItems: [{kind: badge, size: {width: {absolute: 10}, height: {absolute: 10}}, containerAnchor: {edges: [top, trailing]}}]}}]
                  boundarySupplementaryItems: [{kind: header, size: {width: {fractionalWidth: 1.0}, height: {absolute: 30}}, alignment: top}]
                  decorationItems: [{kind: background}]
        """

    @Test(arguments: [workspace, store])
    func layoutViewListsTheElementsTheEngineAnswersAndDrawsThem(workspace: String) throws {
        let mcp = ConnectedSession()
        let initialized = mcp.call(id: 1, "initialize", ["protocolVersion": "2025-06-18"])
        #expect(initialized?["result"]?["protocolVersion"] == "2025-06-18")
        let opened = mcp.call(
            id: 2, "tools/call",
            ["name": "open_workspace", "arguments": ["text": .string(workspace), "directory": "/"]])
        #expect(opened?["result"]?["isError"] == false)
        let rect: JSONValue = ["x": 0, "y": 0, "width": 375, "height": 667]
        let laidOut = mcp.call(
            id: 3, "tools/call",
            ["name": "layout_view", "arguments": ["view": "agents/circles", "rect": rect]])
        let structured = try #require(laidOut?["result"]?["structuredContent"])

        // The same view in an engine of its own, asked directly.
        let client = EngineClient(plugins: BuiltPlugins.inProcess)
        defer { client.stop() }
        _ = try client.send(OpenRequest(.text(workspace, directory: "/"))).get()
        let direct = try client.send(QueryRequest.self, params: ["view": "agents/circles", "rect": rect]).get()
            .elements()
        #expect(structured["elements"] == .array(direct.elements))
        #expect(structured["elementCount"]?.numberValue == Double(direct.elements.count))
        #expect(structured["picture"]?["width"] == 375)
        let content = laidOut?["result"]?["content"]?.arrayValue ?? []
        #expect(content.contains { $0["type"] == "image" && $0["mimeType"] == "image/png" })
    }

    @Test func aToolCallOnAViewNotOpenIsAnErrorResultNamingIt() throws {
        let mcp = ConnectedSession()
        #expect(mcp.call(id: 1, "tools/call", ["name": "layout_view"])?["error"]?["code"] == -32600)
        _ = mcp.call(id: 2, "initialize", ["protocolVersion": "2025-06-18"])
        let result = mcp.call(id: 3, "tools/call", ["name": "layout_view", "arguments": ["view": "agents/none"]])?[
            "result"]
        #expect(result?["isError"] == true)
        let text = result?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(text.hasPrefix("no open view 'agents/none'"), "\(text)")
    }
}
