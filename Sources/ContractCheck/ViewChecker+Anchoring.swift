import LayoutChecker
import LayoutKit
import PluginHost
import Sessions

extension ViewChecker {
    /// The host's scroll anchoring on the view's own session: scrolled to the middle of the
    /// content, an earlier cell grows by a preferred size; the first cell that intersected
    /// the bounds must have moved by the answer's `contentOffsetAdjustment`, and the bounds
    /// with it (clamped to the content). Layouts that ignore preferred sizes must not move at all.
    func checkAnchoring(_ session: ViewSession) -> [Violation] {
        do throws(ViewSessionError) {
            let content = try session.contentSize()
            let start = session.bounds
            try session.setBounds(
                Rect(x: 0, y: max(0, (content.height - start.height) / 2), width: start.width, height: start.height))
            let before = session.bounds
            guard let anchor = try session.elements(in: before).first(where: { $0.element.category == .cell }),
                anchor.element.path.item > 0 || anchor.element.path.section > 0,
                let earlier = try session.attributes(for: .cell(0, 0)) ?? nil
            else { return [] }
            let grown = Size(width: earlier.frame.width, height: earlier.frame.height + 50)
            let result: PreferredSizesResult
            do {
                result = try session.setPreferredSizes([PreferredSize(element: earlier.element, size: grown)])
            } catch {
                if case .failed(let failure) = error { throw failure }
                return [
                    Violation(
                        .anchoring, earlier.element, "the host refused a preferred size for an element the layout has")
                ]
            }
            var violations: [Violation] = []
            let moved = try session.attributes(for: anchor.element)?.frame ?? anchor.frame
            let adjustment = result.contentOffsetAdjustment
            if moved.x - anchor.frame.x != adjustment.x || moved.y - anchor.frame.y != adjustment.y {
                violations.append(
                    Violation(
                        .anchoring, anchor.element,
                        "moved from \(anchor.frame.origin) to \(moved.origin), "
                            + "but contentOffsetAdjustment is (\(adjustment.x), \(adjustment.y))"))
            }
            let newContent = try session.contentSize()
            let expectedY = min(max(before.y + adjustment.y, 0), max(0, newContent.height - before.height))
            if adjustment.y != 0 && session.bounds.y != expectedY {
                violations.append(
                    Violation(
                        .anchoring, anchor.element, "the bounds are at y \(session.bounds.y), expected \(expectedY)"))
            }
            if result.answers.allSatisfy({ $0 == nil })
                && (result.invalidatedCount != 0 || adjustment != Point(x: 0, y: 0))
            {
                violations.append(
                    Violation(
                        .anchoring, nil,
                        "the layout ignored the preferred size, yet \(result.invalidatedCount) frames moved"))
            }
            return violations
        } catch {
            return [Violation(.anchoring, nil, "the host failed: \(error.diagnostic.message)")]
        }
    }
}
