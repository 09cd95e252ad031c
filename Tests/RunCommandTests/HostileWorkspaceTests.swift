import Foundation
import TestSupport
import Testing

/// Issue 8's reproducers through the real `workbench run`: each used to trap, hang, or print
/// `null` for a number with exit status 0. Now each is laid out or refused with a located
/// error naming the option, promptly.
struct HostileWorkspaceTests {
    let workbench = BuildProducts.executable("workbench")

    /// Runs `workbench run` on a one-file workspace; returns the status, stdout and the first
    /// line of stderr without the folder.
    func run(_ yaml: String) throws -> (status: Int32, output: String, error: String) {
        let folder = try TemporaryFolder()
        let path = try folder.write("w.yaml", yaml)
        let result = try ProcessRunner.run(workbench, ["run", path])
        let firstLine = result.standardError.split(separator: "\n").first.map(String.init) ?? ""
        return (result.status, result.standardOutput, String(firstLine.dropFirst(folder.path.count + 1)))
    }

    static let circles = "sources: {s: {items: [100, 50, 1]}}\nviews: {v: {layout: circles, source: s"
    static let tree =
        "sources: {s: {tree: {name: a, children: [{name: b}, {name: c}]}}}\nviews: {v: {layout: tree, source: s"

    static let cases: [(String, String)] = [
        (
            "\(circles), options: {spacing: 9223372036854775807}}}",
            "w.yaml:2:51: error: view 'v' (circles): option 'spacing': expected a number from -1e15 to 1e15, got 9.223372036854776e+18"
        ),
        (
            "\(circles), options: {spacing: 1e20}}}",
            "w.yaml:2:51: error: view 'v' (circles): option 'spacing': expected a number from -1e15 to 1e15, got 1e+20"
        ),
        (
            "\(circles), viewport: {width: 1e308, height: 100}}}",
            "w.yaml:2:59: error: 'viewport.width': expected a number from 1 to 10000, got 1e308"
        ),
        (
            "\(circles), options: {spacing: 1e15, step: 0.001}}}",
            "w.yaml:2:66: error: view 'v' (circles): option 'step': circle 1 could not be placed within 1003000 steps of 0.001 points; 'step' is too small for a 'spacing' of 1000000000000000 and a 375-point width"
        ),
        (
            "\(circles), options: {step: 1.7976931348623157e308}}}",
            "w.yaml:2:51: error: view 'v' (circles): option 'step': expected a number greater than 0 and at most 1e15, got 1.7976931348623157e+308"
        ),
        (
            "\(circles), options: {step: 1e15}}}",
            "w.yaml:2:51: error: view 'v' (circles): option 'step': the content size would be 375 × 2000000000000041, beyond the ±1e15-point limit of coordinates; check 'step' and the data"
        ),
        (
            "\(tree), options: {insets: {top: 1e308, left: 1e308, bottom: 1e308, right: 1e308}}}}",
            "w.yaml:2:57: error: view 'v' (tree): option 'insets.top': expected a number from 0 to 1e15, got 1e+308"
        ),
        (
            "\(tree), options: {insets: 1e15}}}",
            "w.yaml:2:48: error: view 'v' (tree): option 'insets': the content size would be 4000000000000240 × 4000000000000080, beyond the ±1e15-point limit of coordinates; check 'insets' and the data"
        ),
        (
            "sources: {s: {sections: [[a, b], [c, {len: 30}]]}}\nviews: {v: {layout: guide, source: s, options: {durationField: len, durationUnit: 5e-324}}}",
            "w.yaml:2:69: error: view 'v' (guide): option 'durationUnit': item 1 of section 1 would end at x = inf, beyond the ±1e15-point limit of coordinates; check 'durationUnit' and the data"
        ),
        (
            "sources: {s: {table: {columns: [A], rows: [{title: x, values: [1]}]}}}\nviews: {v: {layout: mark-sheet, source: s, options: {rowHeight: 1e15}}}",
            "w.yaml:2:54: error: view 'v' (mark-sheet): option 'rowHeight': the content size would be 375 × 1000000000000040, beyond the ±1e15-point limit of coordinates; check 'rowHeight' and the data"
        ),
    ]

    @Test(arguments: cases)
    func absurdOptionsFailWithALocatedErrorNamingTheOption(yaml: String, expected: String) throws {
        let result = try run(yaml)
        #expect(result.status == 1)
        #expect(result.error == expected)
        #expect(result.output.isEmpty)
    }

    @Test func emptyAndDegenerateDataLaysOutEmptyForEveryLayout() throws {
        let result = try run(
            """
            sources: {none: {sections: []}, blank: {sections: [[]]}, gap: {sections: [[], [1, 2]]}, empty: {items: []}}
            views:
              g1: {layout: guide, source: none}
              g2: {layout: guide, source: blank}
              g3: {layout: guide, source: gap}
              c: {layout: circles, source: empty}
              t: {layout: tree, source: none}
              m1: {layout: mark-sheet, source: none}
              m2: {layout: mark-sheet, source: empty}
            """)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 7)
        let counts = lines.map { ($0["elements"] as? [Any])?.count ?? -1 }
        // The guide's header row is empty in g3, so only section 1's two items (the header column and a programme).
        // m2 has one row without columns: its row header and separator.
        #expect(counts == [0, 0, 2, 0, 0, 0, 2])
    }
}
