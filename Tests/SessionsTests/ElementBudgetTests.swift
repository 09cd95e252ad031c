import LayoutKit
import PluginHost
import Sessions
import TestSupport
import Testing
import WorkspaceModel

/// A layout whose options make more than two elements per item or section (ABI 2.3's element
/// budget: a compositional view's badges) is held to the workspace's element limit before it
/// prepares (in process here; RunCommandTests runs it through a plugin process).
struct ElementBudgetTests {
    static func workspace(items: Int, badges: Int) -> String {
        let badge = "{kind: b, size: {width: {absolute: 4}, height: {absolute: 4}}, containerAnchor: {edges: [top]}}"
        let kinds = (0..<badges).map { badge.replacingOccurrences(of: "kind: b", with: "kind: b\($0)") }
        return """
            sources:
              big: {generate: {sections: 1, items: \(items)}}
            views:
              badged:
                layout: compositional
                source: big
                options:
                  sections:
                    - group:
                        horizontal:
                          size: {width: {fractionalWidth: 1.0}, height: {absolute: 44}}
                          subitems: [{item: {size: {width: {fractionalWidth: 1.0}, height: {fractionalHeight: 1.0}}, supplementaryItems: [\(kinds.joined(separator: ", "))]}}]
                      boundarySupplementaryItems: [{kind: header, size: {width: {fractionalWidth: 1.0}, height: {absolute: 20}}, alignment: top}]
            """
    }

    static func prepare(items: Int, badges: Int, catalog: PluginCatalog) throws -> Result<Bool, ViewSessionError> {
        let workspace = try WorkspaceLoader().load(text: workspace(items: items, badges: badges), directory: "/")
        let session = try ViewSession(view: workspace.views[0], in: workspace, plugins: catalog)
        do throws(ViewSessionError) { return .success(try session.prepareIfNeeded()) } catch { return .failure(error) }
    }

    @Test func aViewWhoseBadgesWouldPassTheLimitIsRefusedAtItsLayoutLineBeforePreparing() throws {
        let catalog = BuiltPlugins.inProcess
        // 1.5 million items pass `generate`'s own limit (2 per item); three badges a cell make 4 per item.
        let refused = try Self.prepare(items: 1_500_000, badges: 3, catalog: catalog)
        guard case .failure(let error) = refused else {
            Issue.record("prepared \(refused)")
            return
        }
        #expect(error.kind == .layout)
        #expect(error.diagnostic.mark?.line == 5)
        #expect(
            error.diagnostic.message
                == "view 'badged' (compositional): its options make up to 4 elements per item and 1 per section, so "
                + "source 'big' (1500000 items in 1 sections) would make 6000001 elements; the limit is 4000000")
        // One badge a cell (2 per item) is within the limit, and lays out.
        #expect(try Self.prepare(items: 1_500_000, badges: 1, catalog: catalog) == .success(true))
    }
}
