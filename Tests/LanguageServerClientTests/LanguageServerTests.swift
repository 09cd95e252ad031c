import Foundation
import TestSupport
import Testing

/// The engine as a language server, in process (`EngineSession`): encodings, errors for bad
/// params, cancellation, and requests that never wait for another view's prepare. (Real
/// clients over a real `workbench serve`: `RealLanguageClientTests`.)
struct LanguageServerTests {
    let folder: TemporaryFolder
    let client: EngineSession

    init() throws {
        folder = try TemporaryFolder()
        client = EngineSession()
    }

    func open(_ name: String, _ text: String, version: Int = 1) -> String {
        let uri = URL(fileURLWithPath: folder.path + "/" + name).absoluteString
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
        return uri
    }

    func diagnostics(_ uri: String, version: Int) -> [[String: Any]]? {
        client.notification("textDocument/publishDiagnostics", timeout: 20) {
            $0["uri"] as? String == uri && $0["version"] as? Int == version
        }?["diagnostics"] as? [[String: Any]]
    }

    static func range(_ diagnostic: [String: Any]?) -> [Int] {
        let range = diagnostic?["range"] as? [String: [String: Int]]
        return [
            range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["line"],
            range?["end"]?["character"],
        ].map { $0 ?? -1 }
    }

    @Test func utf8IsAgreedWhenOfferedAndTheWorkbenchFieldsStay() throws {
        let result =
            client.request(
                "initialize", ["capabilities": ["general": ["positionEncodings": ["utf-16", "utf-8"]]]], id: 1)?[
                "result"] as? [String: Any]
        let capabilities = try #require(result?["capabilities"] as? [String: Any])
        #expect(capabilities["positionEncoding"] as? String == "utf-8")
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        #expect(result?["name"] as? String == "workbench" && result?["protocolVersion"] as? String == "1.0")
        let methods = result?["methods"] as? [String] ?? []
        #expect(methods.contains("open") && methods.contains("query") && methods.contains("textDocument/completion"))
        let uri = open("é.yaml", "views:\n  é𝒳: {layout: circles, source: s}\n")
        let found = try #require(diagnostics(uri, version: 1))
        #expect(found.count == 1 && found.first?["code"] as? String == "workspace.view")
        #expect(Self.range(found.first) == [1, 36, 1, 37])  // bytes: é is 2, 𝒳 is 4
        #expect(client.request("shutdown", id: 2)?["result"] is NSNull)
        client.notify("exit")
        #expect(client.finish() == 0)
    }

    @Test func aValidDocumentIsServedAndHoverTellsWhatItsPrepareMade() throws {
        _ = client.request("initialize", id: 1)
        let uri = open(
            "served.yaml",
            "workspace: served\nsources:\n  s: {items: [60, 80]}\nviews:\n  v: {layout: circles, source: s}\n")
        #expect(diagnostics(uri, version: 1)?.isEmpty == true)
        func hover(id: Int) -> String? {
            let result = client.request(
                "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 4, "character": 2]], id: id)?[
                    "result"]
            return ((result as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        }
        #expect(hover(id: 2)?.hasSuffix("\n\nnot prepared yet") == true)
        let prepared = client.request("prepare", ["view": "served/v"], id: 3)?["result"] as? [String: Any]
        let size = try #require(prepared?["contentSize"] as? [String: Double])
        #expect(
            hover(id: 4)?.hasSuffix("\n\ncontent size \(Int(size["width"]!)) × \(Int(size["height"]!)), 2 elements")
                == true)
        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        let cleared = client.notification("textDocument/publishDiagnostics", timeout: 20) {
            $0["uri"] as? String == uri && $0["version"] == nil
        }
        #expect((cleared?["diagnostics"] as? [Any])?.isEmpty == true)
        let closed = client.request("prepare", ["view": "served/v"], id: 5)?["error"] as? [String: Any]
        #expect(closed?["code"] as? Int == -32003)
        #expect(client.finish() == 0)
    }

    @Test func badParamsAreRefusedNamingTheField() {
        _ = client.request("initialize", id: 1)
        let uri = open("w.yaml", "views: {}\n")
        func error(_ method: String, _ params: [String: Any], id: Int) -> String? {
            (client.request(method, params, id: id)?["error"] as? [String: Any])?["message"] as? String
        }
        #expect(
            error("textDocument/completion", ["textDocument": ["uri": uri]], id: 2)
                == "invalid params: params.position is missing")
        #expect(
            error(
                "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": -1, "character": 0]], id: 3)
                == "invalid params: params.position.line: expected a whole number from 0 to 2147483647, got -1")
        #expect(
            error(
                "textDocument/hover", ["textDocument": ["uri": uri + "x"], "position": ["line": 0, "character": 0]],
                id: 4)
                == "invalid params: params.textDocument.uri: '\(uri)x' is not open (send textDocument/didOpen first)")
        #expect(
            error("workspace/executeCommand", ["command": "rm"], id: 5)
                == "invalid params: params.command: unknown command 'rm'; commands: workbench.openPreview")
        #expect(
            error("workspace/executeCommand", ["command": "workbench.openPreview", "arguments": [uri]], id: 6)
                == "invalid params: params.arguments: expected [document URI, view name], got 1 arguments")
        #expect(
            (client.request("textDocument/rename", ["textDocument": ["uri": uri]], id: 7)?["error"] as? [String: Any])?[
                "code"] as? Int == -32601)
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": "all"])
        client.notify("$/setTrace", ["value": "off"])
        #expect(
            (client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]], id: 8)?["result"] as? [Any])?
                .count == 1)
        #expect(client.finish() == 0)
    }

    @Test func aWaitingCompletionIsCancelled() throws {
        _ = client.request("initialize", id: 1)
        // A large document keeps the documents work busy while the completion and its
        // cancellation, written together, are read.
        let items = (0..<60_000).map { "      - \($0)" }.joined(separator: "\n")
        _ = open("big.yaml", "sources:\n  s:\n    items:\n\(items)\n")
        let completion: [String: Any] = [
            "jsonrpc": "2.0", "id": 2, "method": "textDocument/completion",
            "params": [
                "textDocument": ["uri": URL(fileURLWithPath: folder.path + "/big.yaml").absoluteString],
                "position": ["line": 0, "character": 0],
            ],
        ]
        client.send(completion)
        client.notify("$/cancelRequest", ["id": 2])
        #expect((client.response(id: 2)?["error"] as? [String: Any])?["code"] as? Int == -32800)
        #expect(client.finish() == 0)
    }

    @Test func aCompletionDoesNotWaitForAnotherViewsLongPrepare() throws {
        _ = client.request("initialize", id: 1)
        _ = client.request(
            "open",
            ["text": "sources:\n  g: {generate: {items: 400000}}\nviews:\n  big: {layout: circles, source: g}\n"], id: 2
        )
        client.send(["jsonrpc": "2.0", "id": 3, "method": "prepare", "params": ["view": "workspace/big"]])
        let uri = open("small.yaml", "views:\n  v:\n    layout: \n")
        let completion = client.request(
            "textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 2, "character": 12]], id: 4)
        let labels = ((completion?["result"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap {
            $0["label"] as? String
        }
        #expect(labels?.contains("circles") == true)
        #expect(client.responseOrder.prefix(3) == [1, 2, 4], "the completion was answered before the prepare")
        #expect(client.finish() == 0)  // the prepare is cancelled as the engine ends
        #expect(client.response(id: 3, timeout: 10) != nil)
    }

    @Test func contractViolationsAreWarningsAtTheView() throws {
        let plugins = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let compiled = try ProcessRunner.run(
            "/usr/bin/env",
            [
                "cc", "-shared", "-fPIC", "-DBUG=OUTSIDE_RECT", "-I",
                BuildProducts.repositoryRoot + "/Sources/CLayoutABI/include",
                "-o", plugins + "/libgrid.so",
                BuildProducts.repositoryRoot + "/Tests/TestSupport/Fixtures/buggy_grid.c", "-lm",
            ])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        let client = EngineSession(plugins: [plugins])
        _ = client.request("initialize", id: 1)
        let uri = URL(fileURLWithPath: folder.path + "/grid.yaml").absoluteString
        let text =
            "sources:\n  numbers: {items: [1, 2, 3, 4, 5, 6, 7]}\nviews:\n  numbers: {layout: grid, source: numbers}\n"
        client.notify(
            "textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
        let warnings =
            client.notification("textDocument/publishDiagnostics", timeout: 30) {
                !(($0["diagnostics"] as? [Any])?.isEmpty ?? true)
            }?["diagnostics"] as? [[String: Any]]
        let warning = try #require(warnings?.first)
        #expect(warning["code"] as? String == "contract.rect-query" && warning["severity"] as? Int == 2)
        #expect(Self.range(warning) == [3, 2, 3, 9])
        #expect(
            (warning["message"] as? String)?.hasPrefix("view 'numbers' (grid) breaks the layout contract: rect-query: ")
                == true)
        // An edit drops the warning until the editor has been idle, then the check runs again.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [["text": text.replacingOccurrences(of: "7]", with: "7, 8]")]],
            ])
        func published(version: Int, warned: Bool) -> Bool {
            client.notification("textDocument/publishDiagnostics", timeout: 30) {
                $0["version"] as? Int == version && (($0["diagnostics"] as? [Any])?.isEmpty ?? true) != warned
            } != nil
        }
        #expect(published(version: 2, warned: false))
        #expect(published(version: 2, warned: true))
        #expect(client.finish() == 0)
    }

    @Test func aPluginAddedLaterClearsItsUnknownLayoutDiagnostic() throws {
        let plugins = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let client = EngineSession(plugins: [plugins])
        _ = client.request("initialize", id: 1)
        let uri = URL(fileURLWithPath: folder.path + "/column.yaml").absoluteString
        let text = "sources:\n  s: {items: [1, 2]}\nviews:\n  v: {layout: column, source: s}\n"
        client.notify(
            "textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]])
        let before =
            client.notification("textDocument/publishDiagnostics", timeout: 20) { $0["uri"] as? String == uri }?[
                "diagnostics"] as? [[String: Any]]
        #expect(before?.map { $0["code"] as? String } == ["plugin.unknown-layout"])
        try ReloadablePlugin.build(named: "column", cellHeight: 20, to: folder.path + "/libcolumn.so")
        try FileManager.default.moveItem(atPath: folder.path + "/libcolumn.so", toPath: plugins + "/libcolumn.so")
        let after = client.notification("textDocument/publishDiagnostics", timeout: 20) {
            $0["uri"] as? String == uri && ($0["diagnostics"] as? [Any])?.isEmpty == true
        }
        #expect(after != nil, "the diagnostics were published again, empty, once the plugin came")
        #expect(client.finish() == 0)
    }

    @Test func aDataFileDeletedOnDiskIsAnErrorUntilItComesBack() throws {
        try folder.write("data/marks.csv", "name,A\nAnn,1\n")
        _ = client.request("initialize", id: 1)
        let uri = open(
            "marks.yaml", "sources:\n  t: {file: data/marks.csv}\nviews:\n  sheet: {layout: mark-sheet, source: t}\n")
        #expect(diagnostics(uri, version: 1)?.isEmpty == true)
        try FileManager.default.moveItem(atPath: folder.path + "/data/marks.csv", toPath: folder.path + "/data/old.csv")
        let missing =
            client.notification("textDocument/publishDiagnostics", timeout: 20) {
                $0["uri"] as? String == uri && ($0["diagnostics"] as? [Any])?.isEmpty == false
            }?["diagnostics"] as? [[String: Any]]
        #expect(missing?.first?["message"] as? String == "no such file: data/marks.csv")
        #expect(Self.range(missing?.first).prefix(2) == [1, 12])
        try FileManager.default.moveItem(atPath: folder.path + "/data/old.csv", toPath: folder.path + "/data/marks.csv")
        // Published again once the file is back: the last publication for the document is empty.
        var cleared = false
        let deadline = Date().addingTimeInterval(20)
        while !cleared && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let published = client.messages.compactMap { $0 as? [String: Any] }.filter {
                $0["method"] as? String == "textDocument/publishDiagnostics"
                    && ($0["params"] as? [String: Any])?["uri"] as? String == uri
            }
            cleared = ((published.last?["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true
            if published.count < 3 { cleared = false }
        }
        let back: Bool? = cleared ? true : nil
        #expect(back != nil, "the diagnostics were published again, empty, once the file came back")
        #expect(client.finish() == 0)
    }
}
