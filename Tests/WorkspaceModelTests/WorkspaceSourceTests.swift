import LayoutKit
import SourceDiagnostics
import TestSupport
import Testing
@testable import WorkspaceModel

/// Each kind of data source, loaded into sections and items.
struct WorkspaceSourceTests {
    func load(_ yaml: String, files: [String: String] = [:]) throws -> Workspace {
        let folder = try TemporaryFolder()
        for (name, contents) in files { try folder.write(name, contents) }
        return try WorkspaceLoader().load(path: try folder.write("demo.yaml", yaml))
    }

    func sections(_ source: DataSource) -> [[Value]] {
        (0..<source.numberOfSections).map { section in
            (0..<source.numberOfItems(inSection: section)).map {
                source.value(at: ItemPath(section: section, item: $0))
            }
        }
    }

    @Test func itemsAndSectionsBecomeSectionsOfValues() throws {
        let workspace = try load(
            """
            sources:
              alarms: {items: [120, 160, {size: 80, label: "7:00"}]}
              lines: {sections: [[1, 2], [3], []]}
            views:
              a: {layout: circles, source: alarms}
            """)
        #expect(workspace.name == "demo")
        #expect(sections(workspace.sources["alarms"]!.data.source) == [[120, 160, ["size": 80, "label": "7:00"]]])
        #expect(sections(workspace.sources["lines"]!.data.source) == [[1, 2], [3], []])
        #expect(workspace.sources["alarms"]!.itemMarks.map(\.description) == ["2:20", "2:25", "2:30"])
        let view = try #require(workspace.view(named: "a"))
        #expect(view.layout == "circles")
        #expect(view.viewport == Size(width: 375, height: 667))
    }

    @Test func aTreeIsFlattenedByDepthWithChildrenGroupedByParent() throws {
        let workspace = try load(
            """
            workspace: classes
            sources:
              classes:
                tree:
                  name: NSObject
                  children:
                    - {name: NSString, children: [{name: NSMutableString}]}
                    - {name: NSArray, kind: collection, children: [{name: NSMutableArray}, {name: NSOrderedArray}]}
            views: {}
            """)
        let source = workspace.sources["classes"]!.data.source
        #expect(workspace.name == "classes")
        #expect(source.isTree)
        #expect(
            sections(source) == [
                [["name": "NSObject"]],
                [["name": "NSString"], ["name": "NSArray", "kind": "collection"]],
                [["name": "NSMutableString"], ["name": "NSMutableArray"], ["name": "NSOrderedArray"]],
            ])
        #expect(
            source.children(of: ItemPath(section: 0, item: 0)) == [
                ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1),
            ])
        #expect(
            source.children(of: ItemPath(section: 1, item: 1)) == [
                ItemPath(section: 2, item: 1), ItemPath(section: 2, item: 2),
            ])
        #expect(source.children(of: ItemPath(section: 2, item: 0)) == [])
    }

    @Test func aListOfRootsIsAForest() throws {
        let workspace = try load("sources:\n  f: {tree: [{name: A, children: [{name: C}]}, {name: B}]}\n")
        let source = workspace.sources["f"]!.data.source
        #expect(sections(source).map(\.count) == [2, 1])
        #expect(source.children(of: ItemPath(section: 0, item: 0)) == [ItemPath(section: 1, item: 0)])
    }

    @Test func anInlineTableHasRowsAsSectionsAndTitlesAsMetadata() throws {
        let workspace = try load(
            """
            sources:
              marks:
                table:
                  columns: [Maths, Physics]
                  rows: [{title: Ann, values: [81, 67]}, {title: Bo, values: [55, 90]}]
            """)
        let source = workspace.sources["marks"]!.data.source
        #expect(sections(source) == [[81, 67], [55, 90]])
        #expect(source.metadata == ["columns": ["Maths", "Physics"], "rows": ["Ann", "Bo"]])
    }

    @Test func aCSVFileIsATable() throws {
        let workspace = try load(
            "sources:\n  marks: {file: data/marks.csv}\n",
            files: [
                "data/marks.csv": "Student,Maths,\"Physics, applied\"\r\nAnn,81,67\r\n\r\n\"Bo \"\"B\"\"\",55,\n"
            ])
        let source = workspace.sources["marks"]!.data.source
        #expect(sections(source) == [[81, 67], [55, nil]])
        #expect(source.metadata == ["columns": ["Maths", "Physics, applied"], "rows": ["Ann", "Bo \"B\""]])
        #expect(workspace.sources["marks"]!.file.path.hasSuffix("data/marks.csv"))
    }

    @Test func yamlAndJSONFilesHoldOneSourceShape() throws {
        let workspace = try load(
            "sources:\n  a: {file: data/a.yaml}\n  b: {file: data/b.json}\n",
            files: [
                "data/a.yaml": "sections:\n  - [1, 2]\n",
                "data/b.json": #"{"items": [3, {"size": 4}]}"#,
            ])
        #expect(sections(workspace.sources["a"]!.data.source) == [[1, 2]])
        #expect(sections(workspace.sources["b"]!.data.source) == [[3, ["size": 4]]])
    }

    @Test func generatedDataIsDeterministicAndWithinRange() throws {
        let yaml = "sources:\n  big: {generate: {sections: 3, items: 500, min: 10, max: 20, seed: 9}}\n"
        let first = sections(try load(yaml).sources["big"]!.data.source)
        let second = sections(try load(yaml).sources["big"]!.data.source)
        #expect(first == second)
        #expect(first.map(\.count) == [500, 500, 500])
        let numbers = first.joined().compactMap(\.number)
        #expect(numbers.count == 1500 && numbers.allSatisfy { (10...20).contains($0) && $0 == $0.rounded() })
        #expect(Set(numbers).count == 11)
    }

    @Test func optionsAndViewportAreRead() throws {
        let workspace = try load(
            """
            sources: {s: {items: []}}
            views:
              v:
                layout: circles
                source: s
                viewport: {width: 320, height: 480}
                options: {insets: {top: 5}, step: 2.5}
            """)
        let view = try #require(workspace.view(named: "v"))
        #expect(view.viewport == Size(width: 320, height: 480))
        #expect(view.options == ["insets": ["top": 5], "step": 2.5])
        #expect(view.mark(ofOption: "insets.top").description == "7:24")
        #expect(view.mark(ofOption: "missing").description == "7:14")
    }

    @Test func nestedOptionPathsWithListIndicesAreLocatedAtTheirKey() throws {
        let workspace = try load(
            """
            sources: {s: {items: []}}
            views:
              v:
                layout: compositional
                source: s
                options:
                  sections:
                    - group: {horizontal: {size: {width: {absolute: 1}}}}
                    - group:
                        vertical:
                          size: {width: {absolute: 1}, heigth: {absolute: 2}}
                          subitems: [{item: {size: 3}}, {item: {size: {width: 4}}}]
            """)
        let view = try #require(workspace.view(named: "v"))
        #expect(view.mark(ofOption: "sections[0].group.horizontal.size.width").description == "8:39")
        #expect(view.mark(ofOption: "sections[1].group.vertical.size.heigth").description == "11:44")
        #expect(view.mark(ofOption: "sections[1].group.vertical.subitems[1].item.size.width").description == "12:60")
        // A missing key or index: the deepest part the file holds.
        #expect(view.mark(ofOption: "sections[1].group.vertical.size.height").description == "11:15")
        #expect(view.mark(ofOption: "sections[5].group").description == "7:7")
        #expect(view.mark(ofOption: "sections[1]").description == "9:11")
    }

    @Test func optionPathsSplitIntoKeysAndIndices() {
        #expect(ViewDefinition.steps(of: "insets.top") == [.key("insets"), .key("top")])
        #expect(
            ViewDefinition.steps(of: "sections[2][0].kind") == [.key("sections"), .index(2), .index(0), .key("kind")])
        #expect(ViewDefinition.steps(of: "a[x]") == [.key("a[x]")])
        #expect(ViewDefinition.steps(of: "") == [])
    }
}
