import LayoutKit

extension JSONWriter {
    /// A value; map keys sorted.
    public mutating func value(_ value: Value) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let string): self.string(string)
        case .list(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .map(let entries):
            beginObject()
            for key in entries.keys.sorted() {
                self.key(key)
                self.value(entries[key]!)
            }
            endObject()
        }
    }

    /// `{x, y, width, height}`.
    public mutating func rect(_ rect: Rect) {
        beginObject()
        key("height"); number(rect.height)
        key("width"); number(rect.width)
        key("x"); number(rect.x)
        key("y"); number(rect.y)
        endObject()
    }

    /// `{width, height}`.
    public mutating func size(_ size: Size) {
        beginObject()
        key("height"); number(size.height)
        key("width"); number(size.width)
        endObject()
    }

    /// `{x, y}`.
    public mutating func point(_ point: Point) {
        beginObject()
        key("x"); number(point.x)
        key("y"); number(point.y)
        endObject()
    }

    /// One element's attributes, keys sorted, extra fields among them:
    /// `{alpha, category, …extra, frame, hidden, item, kind, section, zIndex}`.
    public mutating func attributes(_ attributes: LayoutAttributes) {
        let element = attributes.element
        let parts = AttributeParts(category: element.category, kind: element.kind, section: element.path.section, item: element.path.item,
                                   frame: attributes.frame, zIndex: attributes.zIndex, alpha: attributes.alpha, isHidden: attributes.isHidden)
        if let encoded = attributes.extraFields.encodedBytes {
            encoded.withUnsafeBytes { write(parts, encodedExtras: $0) }
        } else {
            write(parts, extras: attributes.extraFields.isEmpty ? .none : .decoded(attributes.extra))
        }
    }

    /// One element's attributes from their parts — a plugin's record — with its extra fields
    /// (if any) given as the value-encoded map the plugin wrote: written from the bytes when
    /// they are canonical, else decoded first. No `LayoutAttributes`, `Value` or dictionary
    /// is built on the way.
    public mutating func attributes(category: ElementCategory, kind: String?, section: Int, item: Int, frame: Rect,
                                    zIndex: Int, alpha: Double, isHidden: Bool, encodedExtras: UnsafeRawBufferPointer?) {
        let parts = AttributeParts(category: category, kind: kind, section: section, item: item, frame: frame, zIndex: zIndex,
                                   alpha: alpha, isHidden: isHidden)
        if let encodedExtras { write(parts, encodedExtras: encodedExtras) } else { write(parts, extras: .none) }
    }

    private mutating func write(_ parts: AttributeParts, encodedExtras raw: UnsafeRawBufferPointer) {
        if raw.count >= 9, raw[0] == ValueTagByte.map, EncodedValue.canonicalEnd(raw, at: 0) == raw.count {
            write(parts, extras: .canonical(raw))
        } else {
            write(parts, extras: .decoded(ValueReader(raw).value(at: 0).map ?? [:]))
        }
    }

    /// The one writer of attributes: the standard fields in `AttributeField`'s order, each
    /// extra field before the first standard field that sorts after it. Attributes without
    /// extra fields take a faster road to the same bytes (`plainAttributes`).
    private mutating func write(_ parts: AttributeParts, extras: AttributeExtras) {
        if case .none = extras, !isPretty, plainAttributes(parts) { return }
        var extras = extras
        beginObject()
        for field in AttributeField.allCases {
            writeExtras(&extras, before: field)
            key(field.key)
            switch field {
            case .alpha: number(parts.alpha)
            case .category: string(parts.category.name)
            case .frame: rect(parts.frame)
            case .hidden: bool(parts.isHidden)
            case .item: integer(parts.item)
            case .kind: if let kind = parts.kind { string(kind) } else { null() }
            case .section: integer(parts.section)
            case .zIndex: integer(parts.zIndex)
            }
        }
        writeExtras(&extras, before: nil)
        endObject()
    }

    /// Writes the extra fields that sort before `field` (all that are left when nil), and
    /// skips any that use a standard field's name.
    private mutating func writeExtras(_ extras: inout AttributeExtras, before field: AttributeField?) {
        switch extras {
        case .none: return
        case .decoded(var keys, let values):
            while let next = keys.first, field.map({ next < $0.name }) ?? true {
                key(next)
                value(values[next]!)
                keys.removeFirst()
            }
            extras = .decoded(keys: keys, values: values)
        case .canonical(let raw, var remaining, var cursor):
            while remaining > 0 {
                let keyRange = (cursor + 4)..<(cursor + 4 + Int(EncodedValue.uint32(raw, cursor)))
                if let field, !EncodedValue.key(raw, keyRange, isLessThan: field.key) { break }
                remaining -= 1
                if EncodedValue.isStandardName(raw, keyRange) {
                    cursor = EncodedValue.canonicalEnd(raw, at: keyRange.upperBound) ?? raw.count
                    continue
                }
                keyASCII(UnsafeRawBufferPointer(rebasing: raw[keyRange]))
                cursor = encodedValue(raw, at: keyRange.upperBound)
            }
            extras = .canonical(raw, remaining: remaining, cursor: cursor)
        }
    }

    /// The hot path: compact attributes without extra fields, written into a stack buffer and
    /// appended at once — the same bytes `write(_:extras:)` writes, field for field (a test
    /// holds the two equal). Returns false, writing nothing, if the kind needs escaping or is
    /// over 128 bytes.
    private mutating func plainAttributes(_ parts: AttributeParts) -> Bool {
        var kindText = parts.kind ?? ""
        return kindText.withUTF8 { kindBytes -> Bool in
            guard kindBytes.count <= 128,
                  kindBytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            noteElementWritten()
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { memory in
                var raw = RawBytes(memory.baseAddress!)
                raw.literal("{\"alpha\":")
                raw.number(parts.alpha)
                switch parts.category {
                case .cell: raw.literal(",\"category\":\"cell\",\"frame\":{\"height\":")
                case .supplementary: raw.literal(",\"category\":\"supplementary\",\"frame\":{\"height\":")
                case .decoration: raw.literal(",\"category\":\"decoration\",\"frame\":{\"height\":")
                }
                raw.number(parts.frame.height)
                raw.literal(",\"width\":")
                raw.number(parts.frame.width)
                raw.literal(",\"x\":")
                raw.number(parts.frame.x)
                raw.literal(",\"y\":")
                raw.number(parts.frame.y)
                raw.literal(parts.isHidden ? "},\"hidden\":true,\"item\":" : "},\"hidden\":false,\"item\":")
                raw.integer(parts.item)
                raw.literal(",\"kind\":")
                if parts.kind == nil { raw.literal("null") } else { raw.plainString(kindBytes) }
                raw.literal(",\"section\":")
                raw.integer(parts.section)
                raw.literal(",\"zIndex\":")
                raw.integer(parts.zIndex)
                raw.literal("}")
                bytes.append(contentsOf: raw.buffer)
                nonFiniteNumberCount += raw.nonFiniteNumberCount
            }
            return true
        }
    }
}
