import BatchUpdates
import LayoutChecker
import LayoutKit
import Sessions

extension ViewChecker {
    /// An update's after-state is in the bounds the answer returns: scrolled to the middle of
    /// the content, the first item is inserted again before itself (a table: its first row), so
    /// the scroll anchor moves; the answer's `bounds` must be the view's, and every element it
    /// lists after the batch must be as the layout gives it in those bounds — on a layout whose
    /// elements follow the bounds (sticky headers) too. Sources that take only reloads are skipped.
    func checkAnchoredUpdate(_ session: ViewSession) -> [Violation] {
        do throws(ViewSessionError) {
            let data = session.source.data.source
            guard data.batchRules.allowsStructuralChanges, data.numberOfSections > 0,
                data.numberOfItems(inSection: 0) > 0
            else { return [] }
            let content = try session.contentSize()
            let start = session.bounds
            try session.setBounds(
                Rect(
                    x: max(0, (content.width - start.width) / 2), y: max(0, (content.height - start.height) / 2),
                    width: start.width, height: start.height))
            let change: BatchChange =
                data.batchRules.itemsPerSection == nil
                ? .insert(ItemPath(section: 0, item: 0), value: data.value(at: ItemPath(section: 0, item: 0)))
                : .insertSection(
                    0,
                    items: (0..<data.numberOfItems(inSection: 0)).map {
                        data.value(at: ItemPath(section: 0, item: $0))
                    },
                    title: nil)
            let result: UpdateResult
            do {
                result = try session.update([change], rect: nil)
            } catch {
                if case .failed(let failure) = error { throw failure }
                return []  // the layout rejects the copied value: nothing to judge
            }
            var violations: [Violation] = []
            if result.bounds != session.bounds {
                violations.append(
                    Violation(
                        .anchoring, nil,
                        "an update answered bounds \(Self.text(result.bounds)), but the view is at \(Self.text(session.bounds))"
                    ))
            }
            for after in result.moving.map(\.after) + result.appearing.map(\.after) {
                let now = try session.attributes(for: after.element)
                if now != after {
                    violations.append(
                        Violation(
                            .anchoring, after.element,
                            "an update answered it at \(Self.text(after.frame)) after the batch, but in the bounds it "
                                + "returned the layout has it at \(now.map { Self.text($0.frame) } ?? "nothing")"))
                }
            }
            return violations
        } catch {
            return [Violation(.anchoring, nil, "the host failed: \(error.diagnostic.message)")]
        }
    }

    private static func text(_ rect: Rect) -> String { "(\(rect.x), \(rect.y), \(rect.width) × \(rect.height))" }
}
