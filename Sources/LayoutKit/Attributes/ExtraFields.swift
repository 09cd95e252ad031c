/// A layout's extra attribute fields (the tree's `children`): a map of values, held either as
/// values or as the bytes of a value-encoded map (see the plugin ABI header).
///
/// The encoded form lets a layout write the fields of a whole query into one reused buffer,
/// and lets them travel from a plugin's bytes to JSON without being decoded; each element
/// then holds a slice of that buffer, not a dictionary of its own. Equality and hashing
/// compare the decoded maps, whatever the form.
public struct ExtraFields: Hashable, Sendable {
    @usableFromInline
    enum Storage: Sendable {
        /// No fields (most elements): nothing to retain or release when attributes are
        /// copied or destroyed.
        case none
        /// Never empty.
        case values([String: Value])
        /// A value-encoded map, keys unique; never empty.
        case encoded(ArraySlice<UInt8>)
    }

    @usableFromInline var storage: Storage

    /// No fields.
    @inlinable
    public init() {
        storage = .none
    }

    @inlinable
    public init(_ values: [String: Value]) {
        storage = values.isEmpty ? .none : .values(values)
    }

    /// Fields held as the bytes of one value-encoded map (tag 6), as `ValueWriter` or a
    /// plugin writes them. Bytes that are not a map, or a map of no entries, mean no fields;
    /// malformed contents decode as `ValueReader` decodes them.
    @inlinable
    public init(encoded bytes: ArraySlice<UInt8>) {
        let isNonEmptyMap =
            bytes.count >= 9 && bytes.first == ValueTag.map.rawValue
            && bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 1, as: UInt32.self) } != 0
        storage = isNonEmptyMap ? .encoded(bytes) : .none
    }

    public var isEmpty: Bool {
        switch storage {
        case .none: return true
        case .values(let values): return values.isEmpty
        case .encoded: return false
        }
    }

    /// The fields, decoded if they are held encoded.
    public var values: [String: Value] {
        switch storage {
        case .none: return [:]
        case .values(let values): return values
        case .encoded(let bytes): return bytes.withUnsafeBytes { ValueReader($0).value(at: 0).map ?? [:] }
        }
    }

    /// The encoded bytes, if the fields are held encoded.
    public var encodedBytes: ArraySlice<UInt8>? {
        if case .encoded(let bytes) = storage { return bytes }
        return nil
    }

    public static func == (lhs: ExtraFields, rhs: ExtraFields) -> Bool {
        if case .encoded(let left) = lhs.storage, case .encoded(let right) = rhs.storage, left.elementsEqual(right) {
            return true
        }
        return lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
    }
}
