import BatchUpdates
import LayoutKit
import PluginHost
import Sessions
import TestSupport
import Testing
import WorkspaceModel

/// A drag to reorder shows, at every step, the layout `update {move}` to the step's target
/// gives: the cells the page has drawn after applying every step's changes are, frame for
/// frame, a fresh view's cells after that update; the dragged item has its size there.
struct ExactMoveTests {
    static let workspace = """
        workspace: moves
        sources:
          sized:
            items: [120, 40, 90, 60, 150, 70, 40, 110, 80, 130, 50, 100, 60, 90, 40, 140, 70, 120, 50, 80]
          grid:
            generate: {sections: 6, items: 8}
          marks:
            table:
              columns: [A, B, C, D]
              rows: [{title: Ann, values: [1, 2, 3, 4]}, {title: Bo, values: [5, 6, 7, 8]}]
        views:
          circles:
            layout: circles
            source: sized
            viewport: {width: 375, height: 1400}
          wall:
            layout: waterfall
            source: sized
            viewport: {width: 1024, height: 1600}
            options: {columns: 4}
          guide:
            layout: guide
            source: grid
            viewport: {width: 900, height: 200}
          sheet:
            layout: mark-sheet
            source: marks
            viewport: {width: 500, height: 300}
          loose-sheet:
            layout: mark-sheet
            source: grid
            viewport: {width: 500, height: 300}
        """

    static func session(_ view: String, catalog: PluginCatalog) throws -> ViewSession {
        let workspace = try WorkspaceLoader().load(text: workspace, directory: "/")
        let definition = try #require(workspace.views.first { $0.name == view })
        return try ViewSession(view: definition, in: workspace, plugins: catalog)
    }

    static var catalog: PluginCatalog {
        BuiltPlugins.inProcess
    }

    /// The index path before a move (within one section) of the cell at `new` after it.
    static func oldPath(ofNew new: ItemPath, from: ItemPath, to target: ItemPath) -> ItemPath {
        guard new.section == from.section else { return new }
        if new == target { return from }
        var item = new.item
        if item > target.item { item -= 1 }
        if item >= from.item { item += 1 }
        return ItemPath(section: new.section, item: item)
    }

    @Test(arguments: [
        ("circles", ItemPath(section: 0, item: 1), [4, 9, 0, 15, 9, 2]),
        ("wall", ItemPath(section: 0, item: 2), [18, 7, 0, 12, 3]),
        ("guide", ItemPath(section: 2, item: 2), [5, 1, 7, 3]),
        ("sheet", ItemPath(section: 1, item: 1), [3, 0, 2]),
    ])
    func everyStepShowsTheLayoutTheUpdateToItsTargetGives(view: String, from: ItemPath, over items: [Int]) throws {
        let catalog = Self.catalog
        let dragged = try Self.session(view, catalog: catalog)
        let start = try #require(try dragged.attributes(for: .cell(from.section, from.item)))
        _ = try dragged.beginMove(from, at: Point(x: start.frame.midX, y: start.frame.midY))
        // What the page draws, by index path before the move: the bounds' cells, then each step's changes.
        var drawn: [ItemPath: LayoutAttributes] = [:]
        for cell in try dragged.elements(in: dragged.bounds) where cell.element.category == .cell {
            drawn[cell.element.path] = cell
        }
        drawn[from] = nil
        var target = from
        var targetsSeen = Set<ItemPath>()
        for item in items {
            // Aim at the cell's centre in the layout as it was before the drag.
            let fresh = try Self.session(view, catalog: catalog)
            let aim = try #require(try fresh.attributes(for: .cell(from.section, item)))
            let step = try dragged.updateMove(to: Point(x: aim.frame.midX, y: aim.frame.midY))
            let previous = target
            target = step.target
            targetsSeen.insert(target)
            for after in step.changes.moving.map(\.after) + step.changes.appearing.map(\.after) {
                drawn[Self.oldPath(ofNew: after.element.path, from: from, to: target)] = after
            }
            for (before, _) in step.changes.disappearing {
                drawn[Self.oldPath(ofNew: before.element.path, from: from, to: previous)] = nil
            }
            // The same move as a batch update, on a view of its own.
            let updated = try Self.session(view, catalog: catalog)
            _ = try updated.update([.move(from, to: target)], rect: nil)
            var expected: [ItemPath: LayoutAttributes] = [:]
            for cell in try updated.elements(in: dragged.bounds) where cell.element.category == .cell {
                expected[Self.oldPath(ofNew: cell.element.path, from: from, to: target)] = cell
            }
            expected[from] = nil
            let shown = drawn.filter { $0.value.frame.intersects(dragged.bounds) }
            #expect(shown == expected, "\(view): toward item \(item), target \(target)")
            let landing = try #require(try updated.attributes(for: .cell(target.section, target.item)))
            #expect(step.item.frame.size == landing.frame.size, "\(view): the dragged item's size at \(target)")
        }
        #expect(targetsSeen.count >= 3, "\(view): the drag should have changed target: \(targetsSeen)")
    }

    /// Generated data takes moves between sections, but the mark sheet refuses a row longer
    /// than the first, as `update {move}` there would be refused: the item stays in its row.
    @Test func aTargetTheLayoutWouldRefuseLeavesTheItemWhereItWas() throws {
        let catalog = Self.catalog
        let dragged = try Self.session("loose-sheet", catalog: catalog)
        let start = try #require(try dragged.attributes(for: .cell(0, 1)))
        _ = try dragged.beginMove(ItemPath(section: 0, item: 1), at: Point(x: start.frame.midX, y: start.frame.midY))
        let along = try #require(try dragged.attributes(for: .cell(0, 5)))
        let first = try dragged.updateMove(to: Point(x: along.frame.midX, y: along.frame.midY))
        #expect(first.target == ItemPath(section: 0, item: 5))
        let below = try #require(try dragged.attributes(for: .cell(2, 3)))
        let refused = try dragged.updateMove(to: Point(x: below.frame.midX, y: below.frame.midY))
        #expect(refused.target == ItemPath(section: 0, item: 5))
        #expect(refused.changes.moving.isEmpty && refused.changes.appearing.isEmpty)
        let updated = try Self.session("loose-sheet", catalog: catalog)
        #expect(throws: UpdateFailure.self) {
            try updated.update([.move(ItemPath(section: 0, item: 1), to: ItemPath(section: 2, item: 3))], rect: nil)
        }
    }

    @Test func aCancelledDragMovesTheCellsBackToTheLayoutBeforeIt() throws {
        let catalog = Self.catalog
        let dragged = try Self.session("wall", catalog: catalog)
        let from = ItemPath(section: 0, item: 2)
        let start = try #require(try dragged.attributes(for: .cell(0, 2)))
        _ = try dragged.beginMove(from, at: Point(x: start.frame.midX, y: start.frame.midY))
        let aim = try #require(try dragged.attributes(for: .cell(0, 18)))
        let step = try dragged.updateMove(to: Point(x: aim.frame.midX, y: aim.frame.midY))
        #expect(step.target == ItemPath(section: 0, item: 18))
        let back = try dragged.endMove(commit: false)
        for (before, after) in back.moving {
            #expect(try dragged.attributes(for: after.element) == after, "\(after.element) back where it was")
            #expect(before != after)
        }
        #expect(!back.moving.isEmpty)
    }
}
