/// Where and how one element is shown: UICollectionViewLayoutAttributes as a value.
///
/// Equality covers every field, the extra ones included (as a custom attributes subclass's
/// `isEqual:` must).
public struct LayoutAttributes: Hashable, Sendable {
    public var element: ElementID
    public var frame: Rect
    public var zIndex: Int
    public var alpha: Double
    public var isHidden: Bool
    /// Layout-specific fields (the tree's `children`), as values or encoded bytes; names may
    /// not clash with the standard ones.
    public var extraFields: ExtraFields

    /// The layout-specific fields as values (decoded if they are held encoded).
    public var extra: [String: Value] {
        get { extraFields.values }
        set { extraFields = ExtraFields(newValue) }
    }

    /// Attributes with no extra fields (chosen over the initializer with `extra` when no
    /// `extra` is given, so that no empty dictionary is made per element).
    @inlinable
    public init(element: ElementID, frame: Rect, zIndex: Int = 0, alpha: Double = 1, isHidden: Bool = false) {
        self.init(
            element: element, frame: frame, zIndex: zIndex, alpha: alpha, isHidden: isHidden, extraFields: ExtraFields()
        )
    }

    @inlinable
    public init(
        element: ElementID, frame: Rect, zIndex: Int = 0, alpha: Double = 1, isHidden: Bool = false,
        extra: [String: Value] = [:]
    ) {
        self.init(
            element: element, frame: frame, zIndex: zIndex, alpha: alpha, isHidden: isHidden,
            extraFields: ExtraFields(extra))
    }

    @inlinable
    public init(
        element: ElementID, frame: Rect, zIndex: Int = 0, alpha: Double = 1, isHidden: Bool = false,
        extraFields: ExtraFields
    ) {
        self.element = element
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.isHidden = isHidden
        self.extraFields = extraFields
    }

    /// The names of the standard fields, which extra fields may not use.
    public static let standardFieldNames: Set<String> = [
        "category", "kind", "section", "item", "frame", "zIndex", "alpha", "hidden",
    ]
}
