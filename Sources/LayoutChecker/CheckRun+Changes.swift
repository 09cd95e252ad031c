import LayoutKit

extension CheckRun {
    /// The answers worth comparing between two layouts: content size, every element, and
    /// the first rect queries.
    struct Answers {
        var contentSize: Size
        var all: [LayoutAttributes]
        var rects: [(Rect, [LayoutAttributes])]

        /// Asks `layout`; `all`, when given, is its whole-layout answer already known.
        init(_ layout: any Layout, rects: [Rect], all: [LayoutAttributes]? = nil) {
            contentSize = layout.contentSize
            self.all = all ?? layout.elements(in: .everything)
            self.rects = rects.map { ($0, layout.elements(in: $0)) }
        }

        /// The first way `self` differs from `expected`, phrased for a violation.
        func firstDifference(from expected: Answers) -> (element: ElementID?, detail: String)? {
            if !contentSize.isSame(as: expected.contentSize) {
                return (nil, "content size \(contentSize.text), expected \(expected.contentSize.text)")
            }
            if let difference = Self.firstDifference(all, expected.all, query: "the whole-layout query") {
                return difference
            }
            for ((rect, found), (_, wanted)) in zip(rects, expected.rects) {
                if let difference = Self.firstDifference(found, wanted, query: "the query of rect \(rect.text)") {
                    return difference
                }
            }
            return nil
        }

        private static func firstDifference(_ found: [LayoutAttributes], _ wanted: [LayoutAttributes], query: String)
            -> (element: ElementID?, detail: String)?
        {
            for (now, then) in zip(found, wanted) {
                if now.element != then.element {
                    return (then.element, "\(query) returns \(now.element) where \(then.element) was expected")
                }
                if let difference = now.differences(from: then).first {
                    return (
                        now.element,
                        "\(query) gives \(difference.field) \(difference.now), expected \(difference.recorded)"
                    )
                }
            }
            if found.count != wanted.count {
                let element = found.count > wanted.count ? found[wanted.count].element : wanted[found.count].element
                return (element, "\(query) returns \(found.count) elements, expected \(wanted.count)")
            }
            return nil
        }
    }

    /// A second layout from the same inputs answers the same.
    func checkDeterminism(_ findings: inout CappedViolations) {
        let sample = Array(rects.prefix(20))
        let first = Answers(layout, rects: sample, all: all)
        do throws(LayoutError) {
            let second = Answers(try freshLayout(at: bounds), rects: sample)
            if let (element, detail) = second.firstDifference(from: first) {
                findings.add(.deterministic, element, "a second layout made from the same inputs differs: \(detail)")
            }
        } catch {
            findings.add(.deterministic, nil, "a second layout made from the same inputs fails to prepare: \(error)")
        }
    }

    /// A scripted scroll, then a resize: after each, the layout (invalidated and
    /// prepared again only if it asked) answers as a fresh layout prepared at the new bounds.
    func checkBoundsChanges(_ findings: inout CappedViolations) {
        let moving: any Layout
        do throws(LayoutError) { moving = try freshLayout(at: bounds) } catch { return }
        var current = bounds
        for (step, newBounds) in boundsScript(content: moving.contentSize) {
            guard newBounds != current else { continue }
            let asked = moving.shouldInvalidate(forBoundsChange: newBounds)
            let said = asked ? "shouldInvalidate said yes" : "shouldInvalidate said no"
            current = newBounds
            if asked {
                moving.invalidate(moving.invalidation(forBoundsChange: newBounds))
                do throws(LayoutError) {
                    try moving.prepare(LayoutContext(dataSource: data, bounds: newBounds))
                } catch {
                    findings.add(
                        .boundsChange, nil, "after \(step) to \(newBounds.text) (\(said)), prepare fails: \(error)")
                    return
                }
            }
            guard let fresh = try? freshLayout(at: newBounds) else { return }
            let sample = [newBounds] + rects.prefix(10)
            if let (element, detail) = Answers(moving, rects: sample).firstDifference(
                from: Answers(fresh, rects: sample))
            {
                findings.add(
                    .boundsChange, element,
                    "after \(step) to \(newBounds.text) (\(said)), the layout differs from one prepared at those bounds: \(detail)"
                )
                return
            }
        }
    }

    /// Scroll by half a screen (within the content where it is larger; a quarter screen down
    /// where it is not), then resize to 80 % of the width.
    private func boundsScript(content: Size) -> [(String, Rect)] {
        let dx = content.width > bounds.width ? min(bounds.width / 2, content.width - bounds.width - bounds.minX) : 0
        var dy =
            content.height > bounds.height ? min(bounds.height / 2, content.height - bounds.height - bounds.minY) : 0
        if dx <= 0 && dy <= 0 { dy = (bounds.height / 4).rounded() }
        let scrolled = Rect(
            x: bounds.minX + max(0, dx), y: bounds.minY + max(0, dy), width: bounds.width, height: bounds.height)
        let resized = Rect(
            x: scrolled.minX, y: scrolled.minY, width: (bounds.width * 0.8).rounded(), height: bounds.height)
        return [("scrolling", scrolled), ("resizing", resized)]
    }

    /// `targetContentOffset` for in-range proposals and a few velocities.
    func checkTargetOffsets(_ findings: inout CappedViolations) {
        let content = layout.contentSize
        let maxX = max(0, content.width - bounds.width), maxY = max(0, content.height - bounds.height)
        let proposals = [
            Point(x: 0, y: 0), Point(x: maxX, y: maxY), Point(x: maxX / 2, y: maxY / 2),
            Point(x: maxX / 3, y: maxY * 2 / 3),
        ]
        let velocities = [Point(x: 0, y: 0), Point(x: 0.5, y: -0.5), Point(x: -2, y: 2)]
        for proposed in proposals {
            for velocity in velocities {
                let target = layout.targetContentOffset(proposed: proposed, velocity: velocity)
                let call =
                    "targetContentOffset(proposed: \(proposed.text), velocity: \(velocity.text)) = \(target.text)"
                if !(target.x.isFinite && target.y.isFinite) {
                    findings.add(.targetOffset, nil, "\(call) is not finite")
                } else if content.width > bounds.width && !(0...maxX).contains(target.x) {
                    findings.add(.targetOffset, nil, "\(call): x is outside [0, \(maxX.compactDescription)]")
                } else if content.height > bounds.height && !(0...maxY).contains(target.y) {
                    findings.add(.targetOffset, nil, "\(call): y is outside [0, \(maxY.compactDescription)]")
                }
            }
        }
    }

    /// Initial and final attributes for every element: present, about it, finite.
    func checkTransitions(_ findings: inout CappedViolations) {
        for attributes in all where attributes.numericProblem == nil {
            guard !findings.isFull(.transitions) else { return }
            for (name, answer) in [
                ("initial", layout.initialAttributes(forAppearing: attributes.element, in: bounds)),
                ("final", layout.finalAttributes(forDisappearing: attributes.element, in: bounds)),
            ] {
                guard let answer else {
                    findings.add(.transitions, attributes.element, "no \(name) attributes")
                    continue
                }
                if answer.element != attributes.element {
                    findings.add(.transitions, attributes.element, "the \(name) attributes are about \(answer.element)")
                } else if let problem = answer.numericProblem {
                    findings.add(.transitions, attributes.element, "\(name) attributes: \(problem)")
                }
            }
        }
    }
}
