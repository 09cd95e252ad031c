import LayoutKit

/// Headers and footers (§5, §9): at their natural place, or pinned to the bounds given at
/// query time, always inside their section. O(1) each.
extension FlowGeometry {
    /// The header's frame (`hE > 0`), pinned to the start of `bounds` when headers pin:
    /// `min(max(start, vis0), end − (fE + hE))`, in the contract's order.
    func headerFrame(section: Int, bounds: Rect) -> Rect {
        let section = sections[section], hE = metrics.headerExtent, fE = metrics.footerExtent
        var c = section.start
        if metrics.pinsHeaders {
            let visibleStart = metrics.visibleRange(of: bounds).start
            if visibleStart > c { c = visibleStart }
            if c + hE + fE > section.end { c = section.end - (fE + hE) }
        }
        return metrics.frame(m: 0, c: c, main: metrics.lineLength, cross: hE)
    }

    /// The footer's frame (`fE > 0`), pinned to the end of `bounds` when footers pin, never
    /// above its section's header.
    func footerFrame(section: Int, bounds: Rect) -> Rect {
        let section = sections[section], hE = metrics.headerExtent, fE = metrics.footerExtent
        var c = section.footerStart
        if metrics.pinsFooters {
            let visibleEnd = metrics.visibleRange(of: bounds).end
            if !(visibleEnd >= c + fE) { c = visibleEnd - fE }
            if c - hE < section.start { c = hE + section.start }
        }
        return metrics.frame(m: 0, c: c, main: metrics.lineLength, cross: fE)
    }
}
