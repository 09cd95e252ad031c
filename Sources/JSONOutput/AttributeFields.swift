import LayoutKit

/// The standard fields of an element's attributes, in the order JSON writes them (keys
/// sorted): the one table every attribute written by the workbench follows.
enum AttributeField: CaseIterable {
    case alpha, category, frame, hidden, item, kind, section, zIndex

    var key: StaticString {
        switch self {
        case .alpha: "alpha"
        case .category: "category"
        case .frame: "frame"
        case .hidden: "hidden"
        case .item: "item"
        case .kind: "kind"
        case .section: "section"
        case .zIndex: "zIndex"
        }
    }

    /// The key as a `String`, to order extra fields' names against.
    var name: String { "\(key)" }
}

/// The standard fields' values of one element.
struct AttributeParts {
    var category: ElementCategory
    var kind: String?
    var section: Int
    var item: Int
    var frame: Rect
    var zIndex: Int
    var alpha: Double
    var isHidden: Bool
}

/// Where an element's extra fields come from, and how far the writer has got through them.
enum AttributeExtras {
    case none
    /// Decoded values by key; `keys` are those still to write, sorted, standard names left out.
    case decoded(keys: ArraySlice<String>, values: [String: Value])
    /// A canonical value-encoded map (`EncodedValue.canonicalEnd`): `remaining` entries from
    /// byte `cursor` on.
    case canonical(UnsafeRawBufferPointer, remaining: Int, cursor: Int)

    static func decoded(_ values: [String: Value]) -> AttributeExtras {
        .decoded(keys: values.keys.filter { !LayoutAttributes.standardFieldNames.contains($0) }.sorted()[...], values: values)
    }

    static func canonical(_ raw: UnsafeRawBufferPointer) -> AttributeExtras {
        .canonical(raw, remaining: Int(EncodedValue.uint32(raw, 1)), cursor: 9)
    }
}
