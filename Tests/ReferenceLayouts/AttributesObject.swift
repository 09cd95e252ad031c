import LayoutKit

/// A heap-allocated attributes object, as UIKit's `UICollectionViewLayoutAttributes` is:
/// what the seeds cache per element.
public final class AttributesObject {
    public var attributes: LayoutAttributes

    public init(_ attributes: LayoutAttributes) {
        self.attributes = attributes
    }
}

extension Dictionary where Value == AttributesObject {
    /// The seeds' `layoutAttributesForElementsInRect:`: test every cached object, then put the
    /// hits in the canonical order the workbench promises.
    func scan(_ rect: Rect, into result: inout [LayoutAttributes]) {
        var hits: [LayoutAttributes] = []
        for (_, object) in self where object.attributes.frame.intersects(rect) {
            hits.append(object.attributes)
        }
        hits.sort { $0.element < $1.element }
        result.append(contentsOf: hits)
    }
}
