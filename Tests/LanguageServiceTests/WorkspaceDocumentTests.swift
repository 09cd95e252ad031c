import Foundation
import JSON
import SourceDiagnostics
import TestSupport
import Testing
import WorkspaceModel

@testable import LanguageService

/// A workspace document's findings, completion, hover, definitions and symbols, with the
/// shipped plugins.
struct WorkspaceDocumentTests {
    static let plugins = BuiltPlugins.registry

    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        _ = try folder.write("table.csv", "name,a\nx,1\ny\n")
        path = folder.path + "/w.yaml"
    }

    func document(_ text: String, loader: WorkspaceLoader = WorkspaceLoader()) -> WorkspaceDocument {
        WorkspaceDocument(uri: DocumentURI.uri(ofPath: path), path: path, version: 1, text: text, loader: loader)
    }

    static let threeErrors = """
        sources:
          good: {items: [1, 2]}
          bad: {items: 3}
          table: {file: table.csv}
        views:
          one: {layout: circles, source: missing}
          two: {layout: circles, source: good, options: {spacng: 2}}
          three: {layout: nope, source: good}
          four: {layout: circles, source: bad}
        """

    @Test func everyErrorIsAFindingWithItsCodeAndPlace() {
        let findings = document(Self.threeErrors).findings(plugins: Self.plugins)
        #expect(
            findings.map(\.code) == [
                "workspace.source", "workspace.data-file", "workspace.view", "plugin.unknown-option",
                "plugin.unknown-layout",
            ])
        #expect(
            findings.map(\.mark) == [
                Mark(line: 3, column: 16), Mark(line: 4, column: 3), Mark(line: 6, column: 34),
                Mark(line: 7, column: 50), Mark(line: 8, column: 19),
            ])
        #expect(findings[0].message == "'items' must be a list, got a number")
        #expect(
            findings[3].message
                == "layout 'circles' has no option 'spacng' (did you mean 'spacing'?); it takes: insets, step, spacing, predecessors"
        )
        #expect(
            findings[1].related == [
                Finding.Related(
                    path: folder.path + "/table.csv", mark: Mark(line: 3, column: 1), lineText: "y",
                    message: "this row has 1 fields; the header has 2")
            ])
    }

    @Test func anOpenDataFilesUnsavedTextIsRead() {
        var loader = WorkspaceLoader()
        loader.unsavedFiles = [DocumentURI.resolved(folder.path + "/table.csv"): "name,a\nx,1\ny,2\n"]
        let document = document(Self.threeErrors, loader: loader)
        #expect(!document.findings(plugins: Self.plugins).map(\.code).contains("workspace.data-file"))
        #expect(document.workspace?.sources["table"]?.data.source.numberOfItems == 2)
    }

    @Test func diagnosticsAreMeasuredInTheClientsEncoding() throws {
        let document = document("views:\n  é𝒳: {layout: circles, source: s}\n")
        let finding = try #require(document.findings(plugins: Self.plugins).first)
        let utf16 = document.diagnostics([finding], encoding: .utf16)[0]["range"]
        let utf8 = document.diagnostics([finding], encoding: .utf8)[0]["range"]
        #expect(utf16?["start"]?["character"] == .number(33) && utf16?["end"]?["character"] == .number(34))
        #expect(utf8?["start"]?["character"] == .number(36) && utf8?["end"]?["character"] == .number(37))
    }

    func labels(_ text: String, _ line: Int, _ character: Int) -> [String] {
        guard
            case .array(let items)? = document(text).completion(
                at: Position(line: line, character: character), encoding: .utf16, plugins: Self.plugins)["items"]
        else { return [] }
        return items.compactMap { if case .string(let label)? = $0["label"] { label } else { nil } }
    }

    @Test func completionOffersWhatEachPlaceTakes() {
        #expect(
            labels("views:\n  v:\n    layout: \n", 2, 12) == [
                "circles", "compositional", "flow", "guide", "mark-sheet", "tree", "waterfall",
            ])
        #expect(
            labels("views:\n  v:\n    layout: circles\n    options:\n      \n", 4, 6) == [
                "insets", "step", "spacing", "predecessors",
            ])
        #expect(
            labels("sources:\n  a: {items: []}\n  b: {items: []}\nviews:\n  v:\n    source: \n", 5, 12) == ["a", "b"])
        #expect(labels("sources:\n  a:\n    file: \n", 2, 10) == ["table.csv"])
        #expect(
            labels("sources:\n  a:\n    generate:\n      \n", 3, 6) == [
                "sections", "items", "min", "max", "seed", "nodes", "fanout",
            ])
        #expect(labels("views:\n  v:\n    viewport: {w}\n", 2, 16) == ["width", "height"])
        #expect(labels("sources:\n  a:\n    items: [1]\n", 2, 2).isEmpty)
    }

    @Test func hoverDescribesLayoutsViewsAndSources() throws {
        let document = document("sources:\n  s: {items: [1, 2, 3]}\nviews:\n  v: {layout: circles, source: s}\n")
        func hover(_ line: Int, _ character: Int) -> String? {
            if case .string(let text)? = document.hover(
                at: Position(line: line, character: character), encoding: .utf16, plugins: Self.plugins,
                prepared: { $0 == "v" ? "content size 375 × 80, 3 elements" : nil }, findings: [])["contents"]?["value"]
            {
                text
            } else {
                nil
            }
        }
        let layout = try #require(hover(3, 16))
        #expect(
            layout.hasPrefix("**circles** ")
                && layout.contains("- options: `insets`, `step`, `spacing`, `predecessors`"))
        #expect(
            hover(3, 3)
                == "view `v`: layout `circles` on source `s`, viewport 375 × 667\n\ncontent size 375 × 80, 3 elements")
        #expect(hover(1, 2) == "source `s`: 1 sections, 3 items")
        #expect(
            hover(2, 1)
                == "Named views: each a `layout` (a plugin) laying out a `source`, with a `viewport` and `options`.")
        #expect(hover(1, 20) == nil)
    }

    @Test func definitionsLeadToSourcesAndDataFiles() {
        let document = document("sources:\n  t: {file: table.csv}\nviews:\n  v: {layout: tree, source: t}\n")
        #expect(
            document.definition(at: Position(line: 3, character: 28), encoding: .utf16)
                == .members([
                    "uri": .string(document.uri),
                    "range": Range(start: Position(line: 1, character: 2), end: Position(line: 1, character: 3)).json,
                ]))
        #expect(
            document.definition(at: Position(line: 1, character: 14), encoding: .utf16)["uri"]
                == .string(DocumentURI.uri(ofPath: folder.path + "/table.csv")))
        #expect(document.definition(at: Position(line: 3, character: 16), encoding: .utf16) == .null)
    }

    @Test func symbolsOutlineSourcesAndViews() {
        let symbols = document(
            "sources:\n  a: {items: []}\nviews:\n  v:\n    layout: tree\n    source: a\n  w: {layout: guide, source: a}\n"
        ).symbols(encoding: .utf16)
        guard case .array(let top) = symbols, top.count == 2, case .array(let views)? = top[1]["children"] else {
            Issue.record("expected two symbols with children, got \(symbols)")
            return
        }
        #expect(views.map { $0["name"] } == [.string("v"), .string("w")])
        #expect(views.map { $0["detail"] } == [.string("tree on a"), .string("guide on a")])
        #expect(views[0]["range"]?["end"] == Position(line: 5, character: 13).json)
    }
}
