import Foundation
import SourceDiagnostics
import TestSupport
import Testing
import WorkspaceModel

/// Every validation error names the file, line and column, and what was expected.
struct WorkspaceErrorTests {
    /// The one-line error for a workspace (written as `w.yaml` in a fresh folder).
    func error(_ yaml: String, files: [String: String] = [:], loader: WorkspaceLoader = WorkspaceLoader()) throws
        -> String?
    {
        let folder = try TemporaryFolder()
        for (name, contents) in files { try folder.write(name, contents) }
        let path = try folder.write("w.yaml", yaml)
        do {
            _ = try loader.load(path: path)
            return nil
        } catch {
            return String(error.summary.dropFirst(folder.path.count + 1))
        }
    }

    static let cases: [(String, String)] = [
        ("", "w.yaml:1:1: error: the workspace is empty; expected 'sources' and 'views'"),
        ("[1, 2]", "w.yaml:1:1: error: a workspace must be a mapping, got a list"),
        (
            "sauces: {}",
            "w.yaml:1:1: error: unknown key 'sauces' in a workspace (did you mean 'sources'?); expected one of: workspace, sources, views"
        ),
        ("sources: [1]", "w.yaml:1:10: error: 'sources' must be a mapping of names to sources, got a list"),
        (
            "sources:\n  a: {}",
            "w.yaml:2:6: error: source 'a' needs one of: items, sections, tree, table, generate, file"
        ),
        (
            "sources:\n  a: {items: [1], tree: {name: x}}",
            "w.yaml:2:19: error: source 'a' must have exactly one of items, sections, tree, table, generate, file; found 'items' and 'tree'"
        ),
        (
            "sources:\n  a: {itmes: [1]}",
            "w.yaml:2:7: error: unknown key 'itmes' in source 'a' (did you mean 'items'?); expected one of: items, sections, tree, table, generate, file"
        ),
        ("sources:\n  a: {items: 3}", "w.yaml:2:14: error: 'items' must be a list, got a number"),
        ("sources:\n  a: {sections: [[1], 2]}", "w.yaml:2:23: error: each section must be a list, got a number"),
        ("sources:\n  a: {items: [1, .nan]}", "w.yaml:2:18: error: numbers must be finite, got .nan"),
        ("sources:\n  a: {tree: {children: []}}", "w.yaml:2:13: error: a tree node needs a 'name'"),
        (
            "sources:\n  a: {tree: {name: x, children: {name: y}}}",
            "w.yaml:2:33: error: 'children' must be a list, got a mapping"
        ),
        (
            "sources:\n  a: {tree: [{name: x}, 3]}",
            "w.yaml:2:25: error: a tree node must be a mapping with a 'name', got a number"
        ),
        (
            "sources:\n  a: {tree: {name: [1]}}",
            "w.yaml:2:20: error: a node's 'name' must be a name or a number, got a list"
        ),
        (
            "sources:\n  a: {table: {columns: [A, B], rows: [{title: x, values: [1]}]}}",
            "w.yaml:2:58: error: this row has 1 values for 2 columns"
        ),
        ("sources:\n  a: {table: {columns: [A]}}", "w.yaml:2:14: error: 'table' needs 'rows'"),
        ("sources:\n  a: {generate: {sections: 1}}", "w.yaml:2:17: error: 'generate' needs 'items'"),
        (
            "sources:\n  a: {generate: {items: -1}}",
            "w.yaml:2:25: error: 'generate.items': expected a whole number from 0 to 2000000, got -1"
        ),
        (
            "sources:\n  a: {generate: {items: 2.5}}",
            "w.yaml:2:25: error: 'generate.items': expected a whole number from 0 to 2000000, got 2.5"
        ),
        (
            "sources:\n  a: {generate: {sections: 100000, items: 100000}}",
            "w.yaml:2:17: error: 'generate' asks for 100000 sections of 100000 items, which a layout may turn into 20000200000 elements; the limit is 4000000 (2 per item and 2 per section)"
        ),
        (
            "sources:\n  a: {generate: {items: 3, min: 9, max: 2}}",
            "w.yaml:2:41: error: 'generate.min' (9) must not exceed 'generate.max' (2)"
        ),
        (
            "sources:\n  a: {file: ../outside.csv}",
            "w.yaml:2:13: error: '../outside.csv' is outside the workspace's folder; data files must be inside it"
        ),
        (
            "sources:\n  a: {file: /etc/passwd.csv}",
            "w.yaml:2:13: error: '/etc/passwd.csv' is outside the workspace's folder; data files must be inside it"
        ),
        ("sources:\n  a: {file: missing.csv}", "w.yaml:2:13: error: no such file: missing.csv"),
        ("sources:\n  a: {file: data.txt}", "w.yaml:2:13: error: no such file: data.txt"),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {source: s}",
            "w.yaml:3:3: error: view 'v' needs a 'layout' (a plugin name)"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: t}",
            "w.yaml:3:32: error: no source named 't'; sources: s"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: s, viewport: {width: 0, height: 5}}",
            "w.yaml:3:53: error: 'viewport.width': expected a number from 1 to 10000, got 0"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: s, viewport: {width: 20000, height: 5}}",
            "w.yaml:3:53: error: 'viewport.width': expected a number from 1 to 10000, got 20000"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: s, viewport: {width: 10}}",
            "w.yaml:3:45: error: 'viewport' needs a 'height'"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: s, option: {}}",
            "w.yaml:3:35: error: unknown key 'option' in view 'v' (did you mean 'options'?); expected one of: layout, source, viewport, options, preferredSizes, direction"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: s, direction: rightToleft}",
            "w.yaml:3:46: error: 'direction' must be leftToRight or rightToLeft, got 'rightToleft' (did you mean 'rightToLeft'?)"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: s, direction: [1]}",
            "w.yaml:3:46: error: 'direction' must be a string, got a list"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: 3, source: s}",
            "w.yaml:3:15: error: 'layout' must be a string, got a number"
        ),
        (
            "sources: {s: {items: []}}\nviews:\n  v: {layout: circles, source: s, options: [1]}",
            "w.yaml:3:44: error: 'options' must be a mapping, got a list"
        ),
    ]

    @Test(arguments: cases)
    func invalidWorkspacesAreRefusedAtTheRightPlace(yaml: String, expected: String) throws {
        #expect(try error(yaml) == expected)
    }

    @Test func dataFileErrorsPointIntoTheDataFile() throws {
        #expect(
            try error("sources:\n  a: {file: d/t.csv}", files: ["d/t.csv": "x,A,B\nann,1\n"])
                == "d/t.csv:2:1: error: this row has 2 fields; the header has 3")
        #expect(
            try error("sources:\n  a: {file: d/t.csv}", files: ["d/t.csv": "x,A\nann,\"1\n"])
                == "d/t.csv:2:5: error: a quoted field is not closed before the end of the file")
        #expect(
            try error("sources:\n  a: {file: d/a.yaml}", files: ["d/a.yaml": "items: [1,\n"])
                == "d/a.yaml:2:1: error: did not find expected node content (while parsing a flow node at 2:1)")
        #expect(
            try error("sources:\n  a: {file: d/a.yaml}", files: ["d/a.yaml": "file: other.csv\n"])
                == "d/a.yaml:1:1: error: unknown key 'file' in source 'a'; expected one of: items, sections, tree, table, generate"
        )
        #expect(
            try error("sources:\n  a: {file: d/a.txt}", files: ["d/a.txt": "1,2"])
                == "w.yaml:2:13: error: 'file' must end in .yaml, .yml, .json or .csv, got 'd/a.txt'")
    }

    @Test func aSymlinkOutOfTheFolderIsRefused() throws {
        let outside = try TemporaryFolder()
        let target = try outside.write("secret.csv", "x,A\nann,1\n")
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.csv", withDestinationPath: target)
        let path = try folder.write("w.yaml", "sources:\n  a: {file: link.csv}\n")
        #expect(throws: Diagnostic.self) { try WorkspaceLoader().load(path: path) }
    }

    @Test func filesThatAreNotUTF8OrTooLargeAreRefused() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("w.yaml", Data([0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x0A]))
        #expect(throws: Diagnostic.self) { try WorkspaceLoader().load(path: path) }
        do {
            _ = try WorkspaceLoader().load(path: path)
        } catch {
            #expect(error.summary == "\(path):1:4: error: \(path) is not valid UTF-8 text: the first bad byte is here")
        }
        var loader = WorkspaceLoader()
        loader.maximumFileSize = 4
        #expect(throws: Diagnostic(path: path, message: "\(path) is larger than the 0 MiB limit")) {
            try loader.load(path: path)
        }
    }

    @Test func theFirstBadUTF8ByteIsLocatedByLineAndColumn() {
        #expect(UTF8Position.firstInvalidByte(in: Array("ok\nfine".utf8)) == nil)
        #expect(UTF8Position.firstInvalidByte(in: Array("ab\ncé".utf8) + [0xC3]) == Mark(line: 2, column: 3))
        #expect(UTF8Position.firstInvalidByte(in: [0x0A, 0x0A, 0x41, 0xED, 0xA0, 0x80]) == Mark(line: 3, column: 2))
    }

    @Test func anEmptyCSVFileAndASpecialFileSayWhereAndWhy() throws {
        #expect(
            try error("sources:\n  a: {file: e.csv}", files: ["e.csv": ""])
                == "e.csv:1:1: error: the CSV file is empty; expected a header row")
        #expect(
            try error("sources:\n  a: {file: t.csv}", files: ["t.csv": "x,A,B\nann,1, 1e400\n"])
                == "t.csv:2:7: error: numbers must be finite, got  1e400")
        do {
            _ = try WorkspaceLoader().load(path: "/dev/null")
            Issue.record("/dev/null loaded")
        } catch {
            #expect(
                error.summary
                    == "/dev/null: error: cannot read /dev/null: it is not a regular file (it is a character device)")
        }
    }

    @Test func theRenderedErrorShowsTheLineAndACaret() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("w.yaml", "sources:\n  a: {itmes: [1]}\n")
        #expect(throws: Diagnostic.self) { try WorkspaceLoader().load(path: path) }
        do {
            _ = try WorkspaceLoader().load(path: path)
        } catch {
            #expect(
                error.description == """
                    \(path):2:7: error: unknown key 'itmes' in source 'a' (did you mean 'items'?); expected one of: items, sections, tree, table, generate, file
                        a: {itmes: [1]}
                            ^
                    """)
        }
    }
}

/// `diagnose` finds the problem of every source and view, not only the first.
struct WorkspaceDiagnosisTests {
    @Test func everySourceAndViewIsCheckedOnItsOwn() {
        let text =
            "sources:\n  a: {items: 3}\n  b: {items: [1]}\nviews:\n  v: {layout: x, source: a}\n  w: {layout: x, source: c}\n  z: {source: b}\n  ok: {layout: x, source: b}\n"
        let diagnosis = WorkspaceLoader().diagnose(text: text, path: "/tmp/w.yaml", directory: "/tmp")
        let (workspace, problems) = (diagnosis.workspace, diagnosis.problems)
        #expect(
            problems.map(\.diagnostic.summary) == [
                "/tmp/w.yaml:2:14: error: 'items' must be a list, got a number",
                "/tmp/w.yaml:6:26: error: no source named 'c'; sources: b",
                "/tmp/w.yaml:7:3: error: view 'z' needs a 'layout' (a plugin name)",
            ])
        #expect(problems.map(\.part) == [.source("a"), .view("w"), .view("z")])
        #expect(workspace?.views.map(\.name) == ["ok"])
        #expect(workspace?.name == "w")
    }

    @Test func aFileThatIsNotAWorkspaceIsOneProblem() {
        let diagnosis = WorkspaceLoader().diagnose(text: "views: [", path: "w.yaml", directory: ".")
        let problems = diagnosis.problems
        #expect(diagnosis.workspace == nil && diagnosis.root == nil)
        #expect(problems.count == 1 && problems[0].part == .document && problems[0].diagnostic.mark?.line == 2)
    }
}
