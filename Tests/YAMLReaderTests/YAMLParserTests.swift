import SourceDiagnostics
import Testing
import YAMLReader

struct YAMLParserTests {
    func parse(_ text: String) throws -> YAMLNode {
        try YAMLParser().parse(SourceFile(path: "test.yaml", text: text))
    }

    /// The rendered error for `text`, or nil if it parsed.
    func error(_ text: String, parser: YAMLParser = YAMLParser()) -> String? {
        do {
            _ = try parser.parse(SourceFile(path: "test.yaml", text: text))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func scalarsResolveByTheCoreSchema() throws {
        let root = try parse(
            """
            a: 12
            b: -3.5e2
            c: true
            d: ~
            e: "12"
            f: hello world
            g: 0x1F
            h:
            i: .inf
            j: !!str 7
            """)
        let values = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].map { root[$0]?.resolvedScalar }
        #expect(
            values == [
                .number(12), .number(-350), .bool(true), .null, .string("12"), .string("hello world"),
                .number(31), .null, .number(.infinity), .string("7"),
            ])
    }

    @Test func collectionsKeepOrderAndMarks() throws {
        let root = try parse(
            """
            list:
              - 1
              - [2, 3]
            map: {x: 1, y: 2}
            """)
        let list = try #require(root["list"]?.elements)
        #expect(list.count == 2)
        #expect(list[0].mark == Mark(line: 2, column: 5))
        #expect(list[1].elements?.map(\.scalarText) == ["2", "3"])
        #expect(list[1].elements?[1].mark == Mark(line: 3, column: 9))
        #expect(root["map"]?.pairs?.map { $0.key.scalarText } == ["x", "y"])
        #expect(root["map"]?.mark == Mark(line: 4, column: 6))
    }

    @Test func anEmptyDocumentIsNull() throws {
        #expect(try parse("").resolvedScalar == .null)
        #expect(try parse("# only a comment\n").resolvedScalar == .null)
    }

    @Test func aliasesRepeatTheAnchoredNode() throws {
        let root = try parse("base: &b {w: 1}\ncopy: *b\n")
        #expect(root["copy"] == root["base"])
    }

    @Test func syntaxErrorsAreLocatedWithTheLineAndACaret() {
        #expect(
            error("a: [1, 2\nb: 3\n") == """
                test.yaml:2:2: error: did not find expected ',' or ']' (while parsing a flow sequence at 1:4)
                  b: 3
                   ^
                """)
        #expect(
            error("a: b: c\n") == """
                test.yaml:1:5: error: mapping values are not allowed in this context
                  a: b: c
                      ^
                """)
    }

    @Test func duplicateKeysAreErrorsAtTheSecond() {
        #expect(
            error("name: a\nother: 1\nname: b\n") == """
                test.yaml:3:1: error: duplicate key 'name' (first defined at 1:1)
                  name: b
                  ^
                """)
    }

    @Test func undefinedAndSelfReferencingAliasesAreErrors() {
        #expect(
            error("a: *nowhere\n")?.hasPrefix(
                "test.yaml:1:4: error: alias '*nowhere' refers to no anchor defined before it") == true)
        #expect(
            error("a: &x [1, *x]\n")?.hasPrefix(
                "test.yaml:1:11: error: alias '*x' refers to no anchor defined before it") == true)
    }

    @Test func aBillionLaughsIsRefusedNotExpanded() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        let message = error(text)
        #expect(message?.hasPrefix("test.yaml:6:") == true)
        #expect(message?.contains("error: document too large: aliases expand to more than 1000000 nodes") == true)
    }

    @Test func theNodeLimitCountsEachNodeOnceHoweverDeep() {
        var parser = YAMLParser()
        parser.maximumExpandedNodes = 9
        #expect(error("[[[1, 2, 3, 4, 5, 6]]]", parser: parser) == nil)
        #expect(
            error("[[[1, 2, 3, 4, 5, 6, 7]]]", parser: parser)
                == "test.yaml:1:22: error: document too large: more than 9 nodes\n  [[[1, 2, 3, 4, 5, 6, 7]]]\n                       ^"
        )
    }

    @Test func aListOf200010NumbersNestedThreeDeepLoads() throws {
        let numbers = (0..<200_010).map(String.init).joined(separator: ", ")
        let root = try parse("data: [[[\(numbers)]]]\n")
        guard let inner = root["data"]?.elements?.first?.elements?.first?.elements else {
            Issue.record("expected data: [[[…]]], got \(root)")
            return
        }
        #expect(inner.count == 200_010)
        #expect(inner.last?.scalarText == "200009")
    }

    @Test func aliasesStillCountByWhatTheyExpandTo() {
        var parser = YAMLParser()
        parser.maximumExpandedNodes = 12
        // 4 nodes anchored, then two aliases of 4 each: 1 + 4 + 4 + 4 = 13 nodes.
        #expect(
            error("- &a [1, 2, 3]\n- *a\n- *a\n", parser: parser)
                == "test.yaml:3:3: error: document too large: aliases expand to more than 12 nodes\n  - *a\n    ^")
        parser.maximumExpandedNodes = 13
        #expect(error("- &a [1, 2, 3]\n- *a\n- *a\n", parser: parser) == nil)
    }

    @Test func deepNestingIsRefused() {
        var parser = YAMLParser()
        parser.maximumDepth = 10
        #expect(
            error(String(repeating: "[", count: 11) + String(repeating: "]", count: 11), parser: parser)
                == "test.yaml:1:11: error: nesting deeper than 10 levels\n  [[[[[[[[[[[]]]]]]]]]]]\n            ^")
        #expect(error(String(repeating: "[", count: 10) + String(repeating: "]", count: 10), parser: parser) == nil)
    }

    @Test func severalDocumentsAreAnError() {
        #expect(
            error("a: 1\n---\nb: 2\n")
                == "test.yaml:2:1: error: expected a single YAML document, found another\n  ---\n  ^")
    }

    @Test func aTabInTheIndentationIsNamedAsSuch() {
        #expect(
            error("a:\n\tb: 1\n")?.hasPrefix(
                "test.yaml:2:1: error: a tab in the indentation: YAML indents with spaces only (libyaml: found character that cannot start any token"
            ) == true)
        #expect(error("a:\n  \t b: 1\n")?.contains("a tab in the indentation") == true)
        // A tab elsewhere is libyaml's own word.
        #expect(error("a: [1,\n 2] \t@\n")?.contains("a tab in the indentation") == false)
    }

    @Test func jsonIsReadAsYAML() throws {
        let root = try parse(#"{"items": [1, 2.5, "x", null, true], "nested": {"k":[]}}"#)
        #expect(
            root["items"]?.elements?.map(\.resolvedScalar) == [
                .number(1), .number(2.5), .string("x"), .null, .bool(true),
            ])
        #expect(root["nested"]?["k"]?.elements == [])
    }
}
