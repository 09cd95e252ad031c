import LayoutKit

/// The size an element measured for itself (a self-sizing cell), for a layout to take or
/// ignore (ABI 2.1's `preferred_attributes`).
public struct PreferredSize: Equatable, Sendable {
    public var element: ElementID
    public var size: Size

    public init(element: ElementID, size: Size) {
        self.element = element
        self.size = size
    }
}

extension PreferredSizeAnswer {
    /// Checks a plugin's answer at the boundary: a finite, non-negative size.
    ///
    /// - Throws: `.badRecord` naming the element.
    package func checked(plugin: String, element: ElementID) throws(PluginCallError) -> PreferredSizeAnswer {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .badRecord(
                plugin: plugin, element: element.description, field: "preferred size",
                problem: "\(size.width) × \(size.height) is not a finite, non-negative size")
        }
        return self
    }
}
