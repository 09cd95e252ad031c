/// Which way a view reads (UIKit's `UIUserInterfaceLayoutDirection`): Arabic and Hebrew
/// read right to left.
///
/// The raw values are the workspace's and the protocol's spelling.
public enum LayoutDirection: String, CaseIterable, Sendable {
    case leftToRight
    case rightToLeft
}

extension Rect {
    /// The rect mirrored around the vertical centre line of content `width` wide:
    /// `x' = width − x − self.width`, y and size unchanged. Its own inverse.
    ///
    /// `Rect.everything` mirrors to itself (within a finite content width).
    @inlinable
    public func mirrored(inWidth width: Double) -> Rect {
        Rect(x: width - x - self.width, y: y, width: self.width, height: height)
    }
}
