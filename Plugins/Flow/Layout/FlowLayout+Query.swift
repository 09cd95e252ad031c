import LayoutKit

/// The element queries, answered from the prepared geometry and the prepared bounds.
extension FlowLayout {
    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        geometry.elements(in: rect, bounds: bounds, into: &result, pieceSize: .max, flush: { _ in })
    }

    /// Hands a large answer over a line at a time once `pieceSize` elements are waiting.
    public func elements(
        in rect: Rect, into result: inout [LayoutAttributes], pieceSize: Int, flush: (inout [LayoutAttributes]) -> Void
    ) {
        geometry.elements(in: rect, bounds: bounds, into: &result, pieceSize: pieceSize, flush: flush)
    }

    /// The element's attributes, the same as a rect query gives; nil for a header when
    /// `hE = 0`, a footer when `fE = 0`, and items or sections that do not exist. O(1), a
    /// mixed cell O(log lines).
    public func attributes(for element: ElementID) -> LayoutAttributes? {
        let (section, item) = (element.path.section, element.path.item)
        guard section >= 0, section < geometry.sections.count, item >= 0 else { return nil }
        switch (element.category, element.kind) {
        case (.cell, nil):
            guard item < geometry.sections[section].itemCount else { return nil }
            return LayoutAttributes(element: element, frame: geometry.cellFrame(section: section, item: item))
        case (.supplementary, Self.header?) where item == 0 && geometry.metrics.headerExtent > 0:
            return FlowGeometry.supplementary(
                Self.header, section, geometry.headerFrame(section: section, bounds: bounds))
        case (.supplementary, Self.footer?) where item == 0 && geometry.metrics.footerExtent > 0:
            return FlowGeometry.supplementary(
                Self.footer, section, geometry.footerFrame(section: section, bounds: bounds))
        default:
            return nil
        }
    }
}
