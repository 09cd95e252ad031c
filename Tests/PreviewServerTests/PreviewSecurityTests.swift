import Foundation
import TestSupport
import Testing

/// The refusals of a running `workbench preview`, over real sockets: 403 without the token,
/// for a foreign `Host` or a foreign WebSocket `Origin`; and `open` only under the given paths.
@Suite(.serialized) struct PreviewSecurityTests {
    @Test func requestsWithoutTheRightTokenAreRefused() throws {
        let preview = try PreviewProcess()
        defer { _ = preview.stop() }
        let host = "127.0.0.1:\(preview.port)"
        for target in ["/", "/app.js", "/workspaces", "/rpc", "/?token=wrong", "/nothing"] {
            #expect(try RawWebSocket(port: preview.port).get(target, host: host).status == 403, "\(target)")
        }
        #expect(try RawWebSocket(port: preview.port).get("/rpc", host: host, upgrade: true).status == 403)
        #expect(
            try RawWebSocket(port: preview.port).get("/rpc?token=\(preview.token)x", host: host, upgrade: true).status
                == 403)
        // With the token: the page, its cookie for the modules, the file list.
        let page = try RawWebSocket(port: preview.port).get("/?token=\(preview.token)", host: host)
        #expect(page.status == 200 && page.body.contains("<div id=\"view\""))
        let module = try RawWebSocket(port: preview.port).get(
            "/app.js", host: host, headers: ["Cookie": "workbench-preview-\(preview.port)=\(preview.token)"])
        #expect(module.status == 200 && module.body.contains("window.workbench"))
        let list = try RawWebSocket(port: preview.port).get("/workspaces?token=\(preview.token)", host: host)
        #expect(list.status == 200 && list.body.contains("tv-guide.yaml"))
        #expect(
            try RawWebSocket(port: preview.port).get("/../Package.swift?token=\(preview.token)", host: host).status
                == 404)
        #expect(try RawWebSocket(port: preview.port).get("/rpc?token=\(preview.token)", host: host).status == 426)
    }

    @Test func aForeignHostIsRefusedEvenWithTheToken() throws {
        let preview = try PreviewProcess()
        defer { _ = preview.stop() }
        for host in ["evil.example:\(preview.port)", "127.0.0.1:1", "localhost"] {
            #expect(
                try RawWebSocket(port: preview.port).get("/?token=\(preview.token)", host: host).status == 403,
                "\(host)")
            #expect(
                try RawWebSocket(port: preview.port).get("/rpc?token=\(preview.token)", host: host, upgrade: true)
                    .status == 403, "\(host)")
        }
        #expect(
            try RawWebSocket(port: preview.port).get("/?token=\(preview.token)", host: "localhost:\(preview.port)")
                .status == 200)
    }

    @Test func anUpgradeFromAnotherOriginIsRefused() throws {
        let preview = try PreviewProcess()
        defer { _ = preview.stop() }
        let host = "127.0.0.1:\(preview.port)", target = "/rpc?token=\(preview.token)"
        for origin in ["http://evil.example", "http://localhost:\(preview.port)", "null"] {
            #expect(
                try RawWebSocket(port: preview.port).get(target, host: host, headers: ["Origin": origin], upgrade: true)
                    .status == 403, "\(origin)")
        }
        #expect(
            try RawWebSocket(port: preview.port).get(
                target, host: host, headers: ["Origin": "http://\(host)"], upgrade: true
            ).status == 101)
        #expect(try RawWebSocket(port: preview.port).get(target, host: host, upgrade: true).status == 101)
    }

    @Test func openIsLimitedToTheGivenPaths() throws {
        let preview = try PreviewProcess(["Workspaces/tv-guide.yaml", "Workspaces/large"])
        defer { _ = preview.stop() }
        let socket = try preview.connect()
        func open(_ params: [String: Any]) throws -> [String: Any] {
            let data = try JSONSerialization.data(withJSONObject: [
                "jsonrpc": "2.0", "id": 1, "method": "open", "params": params,
            ])
            socket.sendText(String(decoding: data, as: UTF8.self))
            return try #require(try socket.receiveJSON() as? [String: Any])
        }
        let repository = BuildProducts.repositoryRoot
        #expect(try open(["path": "\(repository)/Workspaces/tv-guide.yaml"])["result"] != nil)
        #expect(try open(["path": "\(repository)/Workspaces/large/large.yaml"])["result"] != nil)
        for path in [
            "\(repository)/Workspaces/circles.yaml", "\(repository)/Workspaces/large/../circles.yaml", "/etc/passwd",
            "Workspaces/mark-sheet.yaml",
        ] {
            let error = try #require(try open(["path": path])["error"] as? [String: Any])
            #expect(error["code"] as? Int == -32602)
            #expect((error["message"] as? String)?.contains("outside the paths") == true, "\(path)")
        }
        let text = "sources:\n  s: {file: ../mark-sheet.yaml}\nviews:\n  v: {layout: circles, source: s}\n"
        #expect(
            ((try open(["text": text, "directory": "\(repository)/Workspaces"])["error"] as? [String: Any])?["code"]
                as? Int) == -32602)
        #expect(((try open(["text": text])["error"] as? [String: Any])?["code"] as? Int) == -32602)
    }
}
