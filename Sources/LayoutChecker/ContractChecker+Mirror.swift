import LayoutKit

extension ContractChecker {
    /// Checks the `mirror` invariant: a right-to-left layout (a plugin the host mirrors) answers
    /// every question as the left-to-right layout answers the mirrored question, mirrored back —
    /// element for element, at the first bounds and after scrolling to several offsets (each
    /// layout told of the scroll as a collection view would tell it).
    ///
    /// Mirroring is around the right-to-left layout's content width `w`: rect `r` becomes
    /// `(w − r.x − r.width, r.y, r.width, r.height)`, a target offset's x becomes
    /// `w − x − bounds.width` with velocity x negated.
    ///
    /// - Parameters:
    ///   - rightToLeft: makes a new, unprepared layout as the host shows it in a right-to-left view.
    ///   - leftToRight: makes a new, unprepared layout of the same inputs, left to right.
    /// - Returns: the `mirror` violations found (at most `maximumViolationsPerInvariant`, the rest counted).
    /// - Throws: the `LayoutError` of making or preparing either layout.
    public func checkMirror(
        data: DataSource, bounds: Rect, rightToLeft: () throws(LayoutError) -> any Layout,
        leftToRight: () throws(LayoutError) -> any Layout
    ) throws(LayoutError) -> [Violation] {
        let mirrored = try rightToLeft()
        try mirrored.prepare(LayoutContext(dataSource: data, bounds: bounds, direction: .rightToLeft))
        let width = mirrored.contentSize.width
        let plain = try leftToRight()
        try plain.prepare(LayoutContext(dataSource: data, bounds: bounds.mirrored(inWidth: width)))
        var findings = CappedViolations(limit: maximumViolationsPerInvariant)
        let content = mirrored.contentSize
        var offsets = [bounds]
        for (fx, fy) in [(0.5, 0.0), (1.0, 0.25), (0.25, 1.0)] {
            offsets.append(
                Rect(
                    x: (max(0, content.width - bounds.width) * fx).rounded(),
                    y: (max(0, content.height - bounds.height) * fy).rounded(),
                    width: bounds.width, height: bounds.height))
        }
        for (step, current) in offsets.enumerated() where !findings.isFull(.mirror) {
            if step > 0 {
                try scroll(mirrored, to: current, data: data, direction: .rightToLeft)
                try scroll(plain, to: current.mirrored(inWidth: width), data: data, direction: .leftToRight)
            }
            compare(mirrored, plain, width: width, bounds: current, into: &findings)
        }
        return findings.violations
    }

    /// Tells `layout` of a bounds change as a collection view does, preparing it again if it says so.
    private func scroll(_ layout: any Layout, to bounds: Rect, data: DataSource, direction: LayoutDirection)
        throws(LayoutError)
    {
        guard layout.shouldInvalidate(forBoundsChange: bounds) else { return }
        layout.invalidate(layout.invalidation(forBoundsChange: bounds))
        try layout.prepare(LayoutContext(dataSource: data, bounds: bounds, direction: direction))
    }

    /// One offset's questions: content size, the bounds and random rects, each answer's
    /// elements alone, and a target content offset.
    private func compare(
        _ mirrored: any Layout, _ plain: any Layout, width: Double, bounds: Rect, into findings: inout CappedViolations
    ) {
        let at = "at bounds \(bounds.text)"
        guard mirrored.contentSize == plain.contentSize else {
            return findings.add(
                .mirror, nil,
                "\(at): content size \(mirrored.contentSize.text) ≠ \(plain.contentSize.text) left to right")
        }
        let rects =
            [bounds, Rect(x: 0, y: 0, width: width, height: mirrored.contentSize.height)]
            + CheckRects.random(max(8, rectCount / 10), around: mirrored.contentSize, seed: seed &+ 7)
        for rect in rects where !findings.isFull(.mirror) {
            let found = mirrored.elements(in: rect)
            let expected = plain.elements(in: rect.mirrored(inWidth: width)).map { $0.mirrored(inWidth: width) }
            if found != expected {
                let difference = zip(found, expected).first { $0 != $1 }
                let detail =
                    difference.map { "\($0.0.frame.text) ≠ \($0.1.frame.text) mirrored" }
                    ?? "\(found.count) elements ≠ \(expected.count)"
                findings.add(.mirror, difference?.0.element, "\(at): rect \(rect.text): \(detail)")
                continue
            }
            for attributes in found.prefix(3) where mirrored.attributes(for: attributes.element) != attributes {
                findings.add(.mirror, attributes.element, "\(at): attributes(for:) differs from the mirrored query's")
            }
        }
        let proposed = Point(x: bounds.x + bounds.width / 3, y: bounds.y), velocity = Point(x: 2, y: 0)
        let target = mirrored.targetContentOffset(proposed: proposed, velocity: velocity)
        let plainTarget = plain.targetContentOffset(
            proposed: Point(x: width - proposed.x - bounds.width, y: proposed.y),
            velocity: Point(x: -velocity.x, y: velocity.y))
        let expected = Point(x: width - plainTarget.x - bounds.width, y: plainTarget.y)
        if target != expected, !(target.x.isNaN && expected.x.isNaN) {
            findings.add(
                .mirror, nil,
                "\(at): targetContentOffset \(target.x), \(target.y) ≠ \(expected.x), \(expected.y) mirrored")
        }
    }
}

extension LayoutAttributes {
    /// The same attributes with the frame mirrored around content `width` wide.
    func mirrored(inWidth width: Double) -> LayoutAttributes {
        var copy = self
        copy.frame = frame.mirrored(inWidth: width)
        return copy
    }
}
