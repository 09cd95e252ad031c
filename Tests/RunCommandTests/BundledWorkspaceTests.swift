import Foundation
import TestSupport
import Testing

/// `workbench run` on each bundled workspace: the numbers the layouts' contracts give.
struct BundledWorkspaceTests {
    /// Each view of the workspace, by name, as parsed JSON.
    func views(_ workspace: String) throws -> [String: [String: Any]] {
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench"), ["run", BuildProducts.repositoryRoot + "/Workspaces/" + workspace])
        #expect(result.status == 0, "\(result.standardError)")
        var views: [String: [String: Any]] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            views[try #require(object["view"] as? String)] = object
        }
        return views
    }

    func elements(_ view: [String: Any]?) -> [[String: Any]] {
        view?["elements"] as? [[String: Any]] ?? []
    }

    func count(_ elements: [[String: Any]], _ category: String, _ kind: String? = nil) -> Int {
        elements.filter { $0["category"] as? String == category && (kind == nil || $0["kind"] as? String == kind) }
            .count
    }

    @Test func theClassHierarchyHas67ClassesAndAConnectorPerClassWithSubclasses() throws {
        let views = try views("class-hierarchy.yaml")
        let exceptions = elements(views["exceptions"])
        #expect(count(exceptions, "cell") == 67)
        #expect(count(exceptions, "supplementary", "connector") == 15)
        let root = try #require(exceptions.first)
        #expect(root["frame"] as? [String: Double] == ["x": 12, "y": 4, "width": 180, "height": 32])
        #expect((root["children"] as? [[Int]])?.count == 5)
        #expect(count(elements(views["generated"]), "cell") == 20000)
    }

    @Test func theMarkSheetReadsItsCSVAndTitlesItsHeaders() throws {
        let views = try views("mark-sheet.yaml")
        let marks = elements(views["marks"])
        #expect(count(marks, "cell") == 14 * 7)
        #expect(count(marks, "supplementary", "columnHeader") == 7)
        #expect(count(marks, "supplementary", "rowHeader") == 14)
        #expect(count(marks, "decoration", "separator") == 14)
        #expect(marks.first { $0["kind"] as? String == "columnHeader" }?["title"] as? String == "Mathematics")
        #expect(marks.first { $0["kind"] as? String == "rowHeader" }?["title"] as? String == "Aisha Khan")
        #expect(views["marks"]?["contentSize"] as? [String: Double] == ["width": 1024, "height": 40 + 14 * 44])
        #expect(marks.first { $0["kind"] as? String == "separator" }?["zIndex"] as? Int == 2)
    }

    @Test func theTVGuidePinsItsHeadersAndSizesProgrammesByLength() throws {
        let views = try views("tv-guide.yaml")
        let listings = elements(views["listings"])
        #expect(views["listings"]?["contentSize"] as? [String: Double] == ["width": 37 * 120, "height": 13 * 60])
        let corner = try #require(listings.first)
        #expect(corner["zIndex"] as? Int == 2)
        let breakfast = try #require(listings.first { $0["section"] as? Int == 1 && $0["item"] as? Int == 1 })
        #expect((breakfast["frame"] as? [String: Double])?["x"] == 120)
        #expect(count(elements(views["demo"]), "cell") == 50 * 20)
        #expect(views["demo"]?["contentSize"] as? [String: Double] == ["width": 3900, "height": 1500])
    }
}
