import Foundation
import TestSupport
import Testing

/// `workbench run` on the flow and compositional layouts, through a plugin process and in
/// process: Apple's samples as the contract's examples give them, the kinds a description names
/// crossing the process boundary (ABI 2.3), the element budget, and option errors located at
/// their nested key with a "did you mean".
struct UIKitLayoutsRunTests {
    let workbench = BuildProducts.executable("workbench")

    func run(_ arguments: [String], directory: String? = nil) throws -> ProcessResult {
        try ProcessRunner.run(workbench, ["run"] + arguments, directory: directory)
    }

    func views(_ output: String) throws -> [String: [String: Any]] {
        var views: [String: [String: Any]] = [:]
        for line in output.split(separator: "\n") {
            let view = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            views[view["view"] as! String] = view
        }
        return views
    }

    /// compositional-examples.yaml's `expect`: content size, elements by category, the last cell's frame.
    static let samples: [(String, [Double], [String: Int], [Double])] = [
        ("list", [375, 4136], ["cell": 94], [0, 4092, 375, 44]),
        ("grid", [375, 1425], ["cell": 94], [225, 1350, 75, 75]),
        ("inset-items-grid", [375, 1425], ["cell": 94], [230, 1355, 65, 65]),
        ("two-column", [375, 2528], ["cell": 94], [192.5, 2484, 172.5, 44]),
        ("nested-groups", [375, 9071.2], ["cell": 100], [10, 8814.4, 242.5, 246.8]),
        (
            "orthogonal-sections", [375, 3298.8], ["cell": 108, "decoration": 6, "supplementary": 6],
            [272.5, 3175.4, 92.5, 113.4]
        ),
    ]

    @Test(arguments: ["process", "none"])
    func applesSamplesLayOutAsTheContractsExamplesSay(isolation: String) throws {
        let result = try run([
            BuildProducts.repositoryRoot + "/Workspaces/compositional.yaml", "--isolation", isolation,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let views = try views(result.standardOutput)
        for (name, content, counts, last) in Self.samples {
            let view = try #require(views[name])
            let size = try #require(view["contentSize"] as? [String: Double])
            #expect(
                [size["width"]!, size["height"]!].map { ($0 * 1e6).rounded() } == content.map { ($0 * 1e6).rounded() })
            let elements = try #require(view["elements"] as? [[String: Any]])
            #expect(
                Dictionary(grouping: elements) { $0["category"] as! String }.mapValues(\.count) == counts, "\(name)")
            let cell = try #require(elements.last { $0["category"] as? String == "cell" })
            let frame = try #require(cell["frame"] as? [String: Double])
            #expect(
                [frame["x"]!, frame["y"]!, frame["width"]!, frame["height"]!].map { ($0 * 1e6).rounded() }
                    == last.map { ($0 * 1e6).rounded() }, "\(name)")
        }
        // The kinds the descriptions name, through the plugin process too.
        let kinds = Set(
            (views["store"]?["elements"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
        #expect(kinds == ["background", "badge", "footer", "header"])
    }

    @Test func aViewThatWouldMakeTooManyElementsIsRefusedAloneAtItsLayoutLine() throws {
        let folder = try TemporaryFolder()
        let badge = "{kind: KIND, size: {width: {absolute: 4}, height: {absolute: 4}}, containerAnchor: {edges: [top]}}"
        let badges = ["a", "b", "c"].map { badge.replacingOccurrences(of: "KIND", with: $0) }.joined(separator: ", ")
        _ = try folder.write(
            "w.yaml",
            """
            sources:
              big: {generate: {sections: 1, items: 1500000}}
              small: {items: [1, 2, 3]}
            views:
              badged:
                layout: compositional
                source: big
                options: {sections: [{group: {horizontal: {size: {width: {absolute: 10}, height: {absolute: 10}}, subitems: [{item: {size: {width: {absolute: 10}, height: {absolute: 10}}, supplementaryItems: [\(badges)]}}]}}}]}
              fine: {layout: flow, source: small}
            """)
        let result = try run(["w.yaml"], directory: folder.path)
        #expect(result.status == 1)
        #expect(try views(result.standardOutput).keys.sorted() == ["fine"])
        #expect(
            result.standardError.hasPrefix(
                "w.yaml:6:13: error: view 'badged' (compositional): its options make up to 4 elements per item and 0 per section, "
                    + "so source 'big' (1500000 items in 1 sections) would make 6000000 elements; the limit is 4000000"),
            "\(result.standardError)")
    }

    @Test func optionErrorsAreLocatedAtTheirNestedKeyWithADidYouMean() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(
            "w.yaml",
            """
            sources:
              s: {items: [1, 2, 3]}
            views:
              cards:
                layout: compositional
                source: s
                options:
                  sections:
                    - group:
                        horizontal:
                          size: {width: {fractionalWidth: 1.0}, heigth: {absolute: 44}}
                          subitems: [{item: {size: {width: {fractionalWidth: 1.0}, height: {fractionalHeight: 1.0}}}}]
              tags:
                layout: flow
                source: s
                options: {minimumLineSpacing: -1}
            """)
        let result = try run(["w.yaml"], directory: folder.path)
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        let cards = try #require(lines.first { $0.contains("view 'cards'") })
        // An unknown key is the map's fault (compositional.md §3.14): located at the map's key, named in the message.
        #expect(
            cards
                == "w.yaml:11:15: error: view 'cards' (compositional): option 'sections[0].group.horizontal.size': "
                + "unknown key 'heigth' (did you mean 'height'?); expected width and height")
        #expect(
            lines.contains(
                "w.yaml:16:15: error: view 'tags' (flow): option 'minimumLineSpacing': expected a number from 0 to 1e15, got -1"
            ),
            "\(result.standardError)")
    }
}
