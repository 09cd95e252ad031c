import Foundation
import JSON
import TestSupport
import Testing
import WorkspaceModel

@testable import LanguageService

/// Completion and hover below a view's first option level, from the plugins' option schemas
/// (ABI 2.3): `compositional`'s description at any depth, through its lists, and `flow`'s words.
struct NestedOptionTests {
    static let plugins = BuiltPlugins.registry

    static let store = """
        views:
          v:
            layout: compositional
            options:
              configuration: {scrollDirection: vertical}
              sections:
                - orthogonalScrollingBehavior: paging
                  group:
                    horizontal:
                      size: {width: {fractionalWidth: 1.0}, height: {absolute: 44}}
                      subitems:
                        - item:
                            size: {width: {absolute: 4}}
                            
                  boundarySupplementaryItems:
                    - {kind: header, alignment: top}

        """

    func document(_ text: String) throws -> WorkspaceDocument {
        let path = try TemporaryFolder().path + "/w.yaml"
        return WorkspaceDocument(
            uri: DocumentURI.uri(ofPath: path), path: path, version: 1, text: text, loader: WorkspaceLoader())
    }

    func labels(_ text: String, _ line: Int, _ character: Int) throws -> [String] {
        guard
            case .array(let items)? = try document(text).completion(
                at: Position(line: line, character: character), encoding: .utf16, plugins: Self.plugins)["items"]
        else { return [] }
        return items.compactMap { if case .string(let label)? = $0["label"] { label } else { nil } }
    }

    func hover(_ text: String, _ line: Int, _ character: Int) throws -> String? {
        let answer = try document(text).hover(
            at: Position(line: line, character: character), encoding: .utf16, plugins: Self.plugins,
            prepared: { _ in nil }, findings: [])
        if case .string(let value)? = answer["contents"]?["value"] { return value }
        return nil
    }

    @Test func keysAreOfferedAtEveryDepthThroughListItems() throws {
        #expect(try labels(Self.store, 4, 6) == ["configuration", "sections"])
        // Inside the item of a group's subitems, five levels of lists and maps down.
        #expect(try labels(Self.store, 13, 20) == ["size", "contentInsets", "edgeSpacing", "supplementaryItems"])
        // A sibling key of `group` in the section's list item.
        #expect(
            try labels(Self.store.replacingOccurrences(of: "      group:", with: "      gr\n      group:"), 7, 10)
                .contains("interGroupSpacing"))
        // The dimension kinds, in a flow map.
        #expect(
            try labels(Self.store, 9, 33) == ["fractionalWidth", "fractionalHeight", "absolute", "estimated"])
    }

    @Test func enumeratedValuesAreOfferedWhereTheyGo() throws {
        #expect(try labels(Self.store, 6, 39).contains("groupPagingCentered"))
        #expect(try labels(Self.store, 4, 40) == ["vertical", "horizontal"])
        #expect(try labels(Self.store, 15, 41).contains("topLeading"))
        let flow = "views:\n  v:\n    layout: flow\n    options:\n      scrollDirection: \n"
        #expect(try labels(flow, 4, 23) == ["vertical", "horizontal"])
    }

    @Test func hoverExplainsANestedKeyAndJudgesAWord() throws {
        let size = try #require(try hover(Self.store, 9, 15))
        #expect(size.hasPrefix("`sections.group.horizontal.size`: "))
        let behaviour = try #require(try hover(Self.store, 6, 41))
        #expect(behaviour.contains("One of: `none`, `continuous`"))
        let wrong = try #require(
            try hover(Self.store.replacingOccurrences(of: "Behavior: paging", with: "Behavior: sideways"), 6, 41))
        #expect(wrong.hasPrefix("`sideways` is **not** a value of `orthogonalScrollingBehavior`."))
        let misspelt = try #require(
            try hover(Self.store.replacingOccurrences(of: "boundarySupplementaryItems", with: "boundaryItems"), 14, 12))
        #expect(misspelt.contains("**not** a key of layout `compositional` here"))
        #expect(misspelt.contains("`boundarySupplementaryItems`"))
    }
}
