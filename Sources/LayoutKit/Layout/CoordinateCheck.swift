/// Checks what a layout computed before it leaves: every coordinate and size finite and
/// within ±`NumberRule.coordinateLimit`, so no frame is printed as `null`, dropped by a
/// query, or silently rounded to a wrong place.
///
/// Layouts call it at the end of `prepare` with the option most responsible for the extent;
/// the error names that option, so the host can point at it in the workspace.
public enum CoordinateCheck {
    /// Whether `value` is finite and within ±1e15.
    @inlinable
    public static func isAllowed(_ value: Double) -> Bool {
        abs(value) <= NumberRule.coordinateLimit  // false for NaN
    }

    /// Whether the frame's origin, size and far edges are all allowed.
    @inlinable
    public static func isAllowed(_ frame: Rect) -> Bool {
        isAllowed(frame.minX) && isAllowed(frame.minY) && isAllowed(frame.width) && isAllowed(frame.height)
            && isAllowed(frame.maxX) && isAllowed(frame.maxY)
    }

    /// Throws unless every frame and the content size are allowed. O(n). Inlinable, so that
    /// a layout's call is specialised for its collection (a million frames in a millisecond).
    ///
    /// - Parameter option: the option to blame (e.g. "itemSize"), or nil to blame the data.
    @inlinable
    public static func check(_ frames: some Sequence<Rect>, contentSize: Size, option: String?) throws(LayoutError) {
        guard isAllowed(contentSize.width), isAllowed(contentSize.height) else {
            throw error(
                option,
                "the content size would be \(contentSize.width.compactDescription) × \(contentSize.height.compactDescription)"
            )
        }
        for frame in frames where !isAllowed(frame) {
            throw error(
                option,
                "a frame would be {x: \(frame.x.compactDescription), y: \(frame.y.compactDescription), "
                    + "width: \(frame.width.compactDescription), height: \(frame.height.compactDescription)}")
        }
    }

    /// The error for a result beyond the limit, blaming `option` (or the layout as a whole).
    public static func error(_ option: String?, _ what: String) -> LayoutError {
        let message = "\(what), beyond the ±1e15-point limit of coordinates"
        guard let option else { return .layout(message: message) }
        return .option(field: option, message: message + "; check '\(option)' and the data")
    }
}
