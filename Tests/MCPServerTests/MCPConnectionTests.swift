import Foundation
import JSON
import Testing

@testable import MCPServer

/// `workbench mcp` as a handler on the JSON-RPC connection: MCP's rules kept by the connection,
/// and everything a tool or resource knows of the engine asked of it — the views' bounds
/// (`describe`), the contract (`check`), the open workspaces (`workspaces`).
struct MCPConnectionTests {
    static func initialized() -> ConnectedSession {
        let mcp = ConnectedSession()
        _ = mcp.call(id: 1, "initialize", ["protocolVersion": "2025-06-18"])
        return mcp
    }

    static func text(_ reply: JSONValue?) -> String {
        reply?["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
    }

    @Test func batchesAreRefusedAndAClientsRepliesIgnoredByTheConnection() {
        let mcp = Self.initialized()
        mcp.send(#"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#)
        mcp.send("[]")
        mcp.send(#"{"jsonrpc":"2.0","id":3,"result":{}}"#)
        mcp.send(#"{"jsonrpc":"2.0","id":4,"error":{"code":-1,"message":"no"}}"#)
        #expect(mcp.call(id: 5, "ping")?["result"] == [:])
        let refusal: JSONValue = [
            "error": [
                "code": -32600,
                "message": "invalid request: batches are not part of MCP 2025-06-18; send one message at a time",
            ],
            "id": .null, "jsonrpc": "2.0",
        ]
        #expect(
            Array(mcp.output.messages.dropFirst()) == [refusal, refusal, ["id": 5, "jsonrpc": "2.0", "result": [:]]])
    }

    @Test func layoutViewShowsTheBoundsTheEngineHasForTheView() {
        let mcp = Self.initialized()
        let open: JSONValue = ["name": "open_workspace", "arguments": ["text": .string(MCPSessionTests.workspace)]]
        _ = mcp.call(id: 2, "tools/call", open)
        let scrolled: JSONValue = ["x": 0, "y": 100, "width": 320, "height": 480]
        let first = mcp.call(
            id: 3, "tools/call", ["name": "layout_view", "arguments": ["view": "agents/circles", "bounds": scrolled]])
        #expect(first?["result"]?["structuredContent"]?["bounds"] == scrolled)
        let again = mcp.call(id: 4, "tools/call", ["name": "layout_view", "arguments": ["view": "agents/circles"]])
        #expect(again?["result"]?["structuredContent"]?["bounds"] == scrolled)
        #expect(again?["result"]?["structuredContent"]?["rect"] == scrolled)
        // Opened again, the view starts afresh at its viewport.
        _ = mcp.call(id: 5, "tools/call", open)
        let reopened = mcp.call(id: 6, "tools/call", ["name": "layout_view", "arguments": ["view": "agents/circles"]])
        #expect(reopened?["result"]?["structuredContent"]?["bounds"] == ["x": 0, "y": 0, "width": 375, "height": 667])
        let extra = mcp.call(
            id: 7, "tools/call",
            [
                "name": "layout_view",
                "arguments": ["view": "agents/circles", "bounds": ["x": 0, "y": 0, "width": 9, "height": 9, "z": 1]],
            ])
        #expect(
            Self.text(extra).hasPrefix("invalid arguments: arguments.bounds: unknown argument 'z'"),
            "\(Self.text(extra))")
        // Refused before the engine was asked: the view keeps its bounds.
        let after = mcp.call(id: 8, "tools/call", ["name": "layout_view", "arguments": ["view": "agents/circles"]])
        #expect(after?["result"]?["structuredContent"]?["bounds"] == ["x": 0, "y": 0, "width": 375, "height": 667])
    }

    @Test func checkViewIsTheEnginesCheckAndItsErrorsTheEngines() {
        let mcp = Self.initialized()
        let unopened = mcp.call(id: 2, "tools/call", ["name": "check_view", "arguments": ["view": "agents/circles"]])
        #expect(Self.text(unopened) == "no open view 'agents/circles' (no workspace is open)")
        _ = mcp.call(
            id: 3, "tools/call", ["name": "open_workspace", "arguments": ["text": .string(MCPSessionTests.workspace)]])
        let checked = mcp.call(
            id: 4, "tools/call", ["name": "check_view", "arguments": ["view": "agents/circles", "rects": 12]])
        #expect(
            Self.text(checked) == "View agents/circles (circles) keeps the layout contract (12 random rects, seed 0).")
        #expect(
            checked?["result"]?["structuredContent"]
                == ["view": "agents/circles", "passed": true, "violations": 0, "findings": []])
        let negative = mcp.call(
            id: 5, "tools/call", ["name": "check_view", "arguments": ["view": "agents/circles", "rects": -1]])
        #expect(
            Self.text(negative).hasPrefix("invalid arguments: arguments.rects: expected "), "\(Self.text(negative))")
        let other = mcp.call(id: 6, "tools/call", ["name": "check_view", "arguments": ["view": "agents/none"]])
        #expect(Self.text(other) == "no open view 'agents/none'; open views: agents/circles")
    }

    @Test func resourcesAreTheWorkspacesTheEngineLists() {
        let mcp = Self.initialized()
        #expect(mcp.call(id: 2, "resources/list")?["result"] == ["resources": []])
        _ = mcp.call(
            id: 3, "tools/call", ["name": "open_workspace", "arguments": ["text": .string(MCPSessionTests.workspace)]])
        let listed = mcp.call(id: 4, "resources/list")?["result"]?["resources"]?.arrayValue ?? []
        #expect(listed.map { $0["uri"] } == ["workbench://workspaces/agents"])
        let read = mcp.call(id: 5, "resources/read", ["uri": "workbench://workspaces/agents"])
        #expect(read?["result"]?["contents"]?.arrayValue?.first?["text"]?.stringValue == MCPSessionTests.workspace)
        let missing = mcp.call(id: 6, "resources/subscribe", ["uri": "workbench://workspaces/other"])
        #expect(missing?["error"]?["code"] == -32002)
    }
}
