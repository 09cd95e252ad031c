import LayoutKit

/// A layout-to-layout transition's answer, in `update`'s shape, as `ContractChecker` judges it.
public struct LayoutTransitionAnswer: Sendable {
    public var appearing: [LayoutAttributes]
    public var disappearing: [LayoutAttributes]
    public var moving: [(before: LayoutAttributes, after: LayoutAttributes)]

    public init(
        appearing: [LayoutAttributes], disappearing: [LayoutAttributes],
        moving: [(before: LayoutAttributes, after: LayoutAttributes)]
    ) {
        self.appearing = appearing
        self.disappearing = disappearing
        self.moving = moving
    }
}

extension ContractChecker {
    /// Checks a transition's lists against the two layouts' own queries (the `transitions`
    /// invariant's layout-to-layout part): every element the old layout shows in the old
    /// bounds disappears, moves, or is unchanged in the new layout; every element the new
    /// layout shows in the new bounds appears, moves, or is unchanged from the old; every
    /// entry is true of both layouts (a disappearing element is not in the new layout, an
    /// appearing one not in the old, a moving one is in both with those attributes, changed).
    ///
    /// - Parameters:
    ///   - old: a fresh layout of the view as it was, prepared at `bounds`.
    ///   - new: a fresh layout of the view after the switch, prepared at `newBounds`.
    public func checkTransition(
        from old: any Layout, bounds: Rect, to new: any Layout, bounds newBounds: Rect,
        answer: LayoutTransitionAnswer, label: String
    ) -> [Violation] {
        var findings = CappedViolations(limit: maximumViolationsPerInvariant)
        func fail(_ element: ElementID?, _ detail: String) {
            findings.add(.transitions, element, "\(label): \(detail)")
        }
        let disappearing = Set(answer.disappearing), appearing = Set(answer.appearing)
        let movedFrom = Set(answer.moving.map(\.before)), movedTo = Set(answer.moving.map(\.after))
        let shownBefore = old.elements(in: bounds), shownAfter = new.elements(in: newBounds)
        for attributes in shownBefore
        where !disappearing.contains(attributes) && !movedFrom.contains(attributes)
            && new.attributes(for: attributes.element) != attributes
        {
            fail(attributes.element, "shown before and neither disappearing, moving nor unchanged")
        }
        for attributes in shownAfter
        where !appearing.contains(attributes) && !movedTo.contains(attributes)
            && old.attributes(for: attributes.element) != attributes
        {
            fail(attributes.element, "shown after and neither appearing, moving nor unchanged")
        }
        let before = Set(shownBefore), after = Set(shownAfter)
        for attributes in answer.disappearing
        where !before.contains(attributes) || new.attributes(for: attributes.element) != nil {
            fail(attributes.element, "disappears, but was not shown before or is in the new layout")
        }
        for attributes in answer.appearing
        where !after.contains(attributes) || old.attributes(for: attributes.element) != nil {
            fail(attributes.element, "appears, but is not shown after or was in the old layout")
        }
        for (from, to) in answer.moving {
            if from == to || old.attributes(for: from.element) != from || new.attributes(for: to.element) != to
                || from.element != to.element || !(before.contains(from) || after.contains(to))
            {
                fail(to.element, "moves from \(from.frame.text) to \(to.frame.text), which the layouts do not say")
            }
        }
        return findings.violations
    }
}
