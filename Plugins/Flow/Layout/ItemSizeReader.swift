import LayoutKit

/// Reads the items' sizes from the data (contract §3): a map's `width` and `height` replace
/// the base size's sides; any other value has the base size.
struct ItemSizeReader {
    private static let width: StaticString = "width"
    private static let height: StaticString = "height"

    let data: DataSource
    let base: Size

    /// The size of the item at `path`. Reads two fields without decoding the item (nothing
    /// is allocated unless a field is not a number); O(fields of the item).
    ///
    /// - Throws: `LayoutError.data` naming the item and the field that is not a number > 0.
    @inline(__always)
    func size(at path: ItemPath) throws(LayoutError) -> Size {
        let (width, height) = data.fields(Self.width, Self.height, at: path)
        return Size(
            width: try side(width, Self.width, at: path, else: base.width),
            height: try side(height, Self.height, at: path, else: base.height))
    }

    @inline(__always)
    private func side(_ found: MapField, _ field: StaticString, at path: ItemPath, else fallback: Double)
        throws(LayoutError)
        -> Double
    {
        switch found {
        case .absent:
            return fallback
        case .number(let number):
            // NumberRule.positive, checked inline (the rule words the error).
            guard number > 0, number <= NumberRule.coordinateLimit else {
                throw .data(item: path, field: "\(field)", message: NumberRule.positive.violation(number) ?? "")
            }
            return number
        case .other(let value):
            throw .data(
                item: path, field: "\(field)",
                message: "expected \(NumberRule.positive.expectation), got \(value.kindDescription)")
        }
    }
}
