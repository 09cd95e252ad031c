import LayoutKit

/// An element's size as the view measured it (`preferredSizes`).
public struct ElementSize: Equatable, Sendable {
    public var element: ElementID
    public var size: Size

    public init(element: ElementID, size: Size) {
        self.element = element
        self.size = size
    }
}
