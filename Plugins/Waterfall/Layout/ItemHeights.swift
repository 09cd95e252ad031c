import LayoutKit

/// Reads the items' heights from the data: a number, a map with `height`, or a map with
/// `size: {width, height}` (then the height keeps the aspect ratio at the column's width).
enum ItemHeights {
    /// Appends the heights of global items `heights.count ..< numberOfItems`, checked; polls
    /// cancellation and reports progress every 64K items. O(items read).
    static func read(
        from data: DataSource, sectionStarts: [Int], columnWidth: Double, into heights: inout [Double],
        context: LayoutContext
    ) throws(LayoutError) {
        let total = data.numberOfItems
        heights.reserveCapacity(total)
        var section = 0
        for global in heights.count..<total {
            while sectionStarts[section + 1] <= global { section += 1 }
            if global & 0xFFFF == 0 {
                try context.checkCancellation()
                context.reportProgress(0.5 * Double(global) / Double(total))
            }
            let path = ItemPath(section: section, item: global - sectionStarts[section])
            if let height = data.number(at: path, field: "height") {
                heights.append(try checked(height, at: path, field: "height"))
            } else {
                heights.append(try sizedHeight(data.value(at: path), at: path, columnWidth: columnWidth))
            }
        }
    }

    /// The height of an item given as `{size: {width, height}}`: `height × columnWidth / width`.
    private static func sizedHeight(_ value: Value, at path: ItemPath, columnWidth: Double) throws(LayoutError)
        -> Double
    {
        guard case .map(let fields) = value, case .map(let size)? = fields["size"] else {
            throw .data(
                item: path, field: nil,
                message:
                    "expected a height (a number), a map with a numeric 'height', or a map with 'size: {width, height}', got \(value.kindDescription)"
            )
        }
        guard case .number(let width)? = size["width"], case .number(let height)? = size["height"] else {
            throw .data(item: path, field: "size", message: "expected a map with numeric 'width' and 'height'")
        }
        guard width.isFinite, width > 0, width <= NumberRule.coordinateLimit else {
            throw .data(
                item: path, field: "size.width",
                message: "expected a number greater than 0 and at most 1e15, got \(width.compactDescription)")
        }
        return try checked(
            try checked(height, at: path, field: "size.height") * columnWidth / width, at: path, field: "size")
    }

    private static func checked(_ height: Double, at path: ItemPath, field: String) throws(LayoutError) -> Double {
        guard height.isFinite, height >= 0, height <= NumberRule.coordinateLimit else {
            throw .data(
                item: path, field: field, message: "expected a number from 0 to 1e15, got \(height.compactDescription)")
        }
        return height
    }
}
