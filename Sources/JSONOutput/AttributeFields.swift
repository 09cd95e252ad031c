import JSON
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

    /// Whether the ASCII bytes at `range` of `raw` are a standard field's key.
    static func isStandard(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        allCases.contains { field in
            field.key.utf8CodeUnitCount == range.count
                && UnsafeRawBufferPointer(start: field.key.utf8Start, count: range.count).elementsEqual(raw[range])
        }
    }
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

/// An element's extra fields, as the attribute writer goes through them: each call writes
/// those that sort before a standard field (all that are left for nil), and skips any that
/// use a standard field's name.
protocol ExtraFieldCursor {
    var isEmpty: Bool { get }
    mutating func write(before field: AttributeField?, into writer: inout JSONWriter)
}

struct NoExtraFields: ExtraFieldCursor {
    var isEmpty: Bool { true }
    func write(before field: AttributeField?, into writer: inout JSONWriter) {}
}

/// Decoded values by key.
struct DecodedExtraFields: ExtraFieldCursor {
    /// The keys still to write, sorted, standard names left out.
    private var keys: ArraySlice<String>
    private let values: [String: Value]

    init(_ values: [String: Value]) {
        self.values = values
        keys = values.keys.filter { !LayoutAttributes.standardFieldNames.contains($0) }.sorted()[...]
    }

    var isEmpty: Bool { values.isEmpty }

    mutating func write(before field: AttributeField?, into writer: inout JSONWriter) {
        while let next = keys.first, field.map({ next < $0.name }) ?? true {
            writer.key(next)
            writer.value(values[next]!)
            keys.removeFirst()
        }
    }
}

/// A canonical value-encoded map (`EncodedValue.canonicalEnd`), written from its bytes.
struct CanonicalExtraFields: ExtraFieldCursor {
    private let raw: UnsafeRawBufferPointer
    /// Entries not yet written, from byte `cursor` on.
    private var remaining: Int
    private var cursor = 9

    /// Nil unless `raw` is exactly one canonical map.
    init?(_ raw: UnsafeRawBufferPointer) {
        guard raw.count >= 9, raw[0] == ValueTagByte.map, EncodedValue.canonicalEnd(raw, at: 0) == raw.count else {
            return nil
        }
        self.raw = raw
        remaining = Int(EncodedValue.uint32(raw, 1))
    }

    var isEmpty: Bool { remaining == 0 }

    mutating func write(before field: AttributeField?, into writer: inout JSONWriter) {
        while remaining > 0 {
            let key = (cursor + 4)..<(cursor + 4 + Int(EncodedValue.uint32(raw, cursor)))
            if let field, !EncodedValue.key(raw, key, isLessThan: field.key) { return }
            remaining -= 1
            if AttributeField.isStandard(raw, key) {
                cursor = EncodedValue.canonicalEnd(raw, at: key.upperBound) ?? raw.count
                continue
            }
            writer.keyASCII(UnsafeRawBufferPointer(rebasing: raw[key]))
            cursor = writer.encodedValue(raw, at: key.upperBound)
        }
    }
}
