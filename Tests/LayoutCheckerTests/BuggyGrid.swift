import LayoutKit

/// A small correct layout with one bug switched on: a header (supplementary `header`, 0, 0)
/// 40 points high across the bounds' width, then cells of 100×50 in rows of
/// `floor(width / 100)`.
final class BuggyGrid: Layout {
    enum Bug: CaseIterable {
        case none, wrongOrder, outsideRect, inconsistentElementQuery, notANumber, dishonestInvalidation,
            nondeterministic, outsideContent, targetOffsetOutOfRange, noTransitions
    }

    let bug: Bug
    /// Which of the layouts made for one check this is (the non-deterministic bug uses it).
    let generation: Int
    private var width = 0.0
    private var count = 0

    init(bug: Bug, generation: Int = 0) {
        self.bug = bug
        self.generation = generation
    }

    func prepare(_ context: LayoutContext) throws(LayoutError) {
        width = context.bounds.width
        count = context.dataSource.numberOfSections > 0 ? context.dataSource.numberOfItems(inSection: 0) : 0
    }

    private var columns: Int { max(1, Int(width / 100)) }

    var contentSize: Size {
        let rows = (count + columns - 1) / columns
        return Size(width: width, height: 40 + 50 * Double(rows) - (bug == .outsideContent ? 10 : 0))
    }

    private var everything: [LayoutAttributes] {
        let shift = bug == .nondeterministic ? Double(generation) : 0
        var result = (0..<count).map { item in
            LayoutAttributes(
                element: .cell(0, item),
                frame: Rect(
                    x: Double(item % columns) * 100 + shift, y: 40 + Double(item / columns) * 50,
                    width: bug == .notANumber && item == 2 ? .nan : 100, height: 50))
        }
        let header = LayoutAttributes(
            element: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 0, width: width, height: 40))
        if bug == .wrongOrder { result.insert(header, at: 0) } else { result.append(header) }
        return result
    }

    func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        result += everything.filter { bug == .outsideRect || $0.frame.intersects(rect) || $0.frame.width.isNaN }
    }

    func attributes(for element: ElementID) -> LayoutAttributes? {
        guard var attributes = everything.first(where: { $0.element == element }) else { return nil }
        if bug == .inconsistentElementQuery && element == .cell(0, count - 1) { attributes.frame.origin.x += 1 }
        return attributes
    }

    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        bug != .dishonestInvalidation && newBounds.width != width
    }

    func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        bug == .targetOffsetOutOfRange ? Point(x: proposed.x, y: proposed.y + 1000) : proposed
    }

    func initialAttributes(forAppearing element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        bug == .noTransitions ? nil : attributes(for: element)
    }
}
