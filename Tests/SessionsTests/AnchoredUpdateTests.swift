import BatchUpdates
import LayoutKit
import Sessions
import TestSupport
import Testing
import WorkspaceModel

/// An update that scroll anchoring moves the bounds of answers `before` in the old bounds and
/// `after` in the new ones it returns: on the guide, whose headers follow the bounds, every
/// element the new bounds show is listed where the layout now puts it, or was unchanged.
struct AnchoredUpdateTests {
    static let workspace = """
        workspace: anchored
        sources:
          grid:
            generate: {sections: 40, items: 30}
        views:
          guide:
            layout: guide
            source: grid
            viewport: {width: 600, height: 300}
        """

    static func session() throws -> ViewSession {
        let workspace = try WorkspaceLoader().load(text: workspace, directory: "/")
        let catalog = BuiltPlugins.inProcess
        return try ViewSession(view: workspace.views[0], in: workspace, plugins: catalog)
    }

    /// Changes that move the anchor — the first cell in canonical order in the bounds, here the
    /// pinned corner — to a new identity, so the bounds move.
    @Test(arguments: [
        [BatchChange.insertSection(0, items: [.number(1), .number(2)], title: nil)],
        [BatchChange.deleteSection(2), .insertSection(0, items: [.number(1)], title: nil)],
        [BatchChange.moveSection(0, to: 5), .deleteSection(12)],
    ])
    func theAfterStateIsInTheAnchoredBounds(changes: [BatchChange]) throws {
        let session = try Self.session(), old = try Self.session()
        let oldBounds = Rect(x: 498.8, y: 300.3, width: 600, height: 300)
        try session.setBounds(oldBounds)
        try old.setBounds(oldBounds)
        let plan = try BatchPlan(changes: changes, sectionCounts: Array(repeating: 30, count: 40))
        let result = try session.update(changes, rect: nil)
        let newBounds = session.bounds
        #expect(result.bounds == newBounds)
        #expect(newBounds.y != oldBounds.y, "the anchor should have moved the bounds")
        #expect(result.contentOffsetAdjustment.y == newBounds.y - oldBounds.y)
        // `before`: the old layout in the old bounds.
        for (before, _) in result.moving {
            #expect(try old.attributes(for: before.element) == before, "before of \(before.element)")
        }
        for (before, _) in result.disappearing {
            #expect(try old.attributes(for: before.element) == before, "before of \(before.element)")
        }
        // `after`: the new layout in the new bounds; every element they show is listed, or unchanged.
        var listed = Set<ElementID>()
        for after in result.moving.map(\.after) + result.appearing.map(\.after) {
            let current = try session.attributes(for: after.element)
            #expect(
                current == after, "after of \(after.element): \(String(describing: current?.frame)) vs \(after.frame)")
            listed.insert(after.element)
        }
        for now in try session.elements(in: newBounds) where !listed.contains(now.element) {
            let path = try #require(plan.oldPath(ofNew: now.element.path), "\(now.element) is new but not listed")
            var was = try #require(try old.attributes(for: .cell(path.section, path.item)))
            was.element = now.element
            #expect(was == now, "\(now.element) changed but is not listed")
        }
        // Pinned headers where the new bounds put them; appearing and disappearing views centred in them.
        let corner = try #require(try session.attributes(for: .cell(0, 0)))
        #expect(corner.frame.origin == newBounds.origin)
        for (_, initial) in result.appearing {
            #expect(initial.frame.midX == newBounds.midX && initial.frame.midY == newBounds.midY)
        }
        for (_, final) in result.disappearing {
            #expect(final.frame.midX == newBounds.midX && final.frame.midY == newBounds.midY)
        }
        #expect(!result.disappearing.isEmpty || !result.appearing.isEmpty)
    }
}
