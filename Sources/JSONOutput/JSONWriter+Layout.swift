import JSON
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
        let parts = AttributeParts(
            category: element.category, kind: element.kind, section: element.path.section, item: element.path.item,
            frame: attributes.frame, zIndex: attributes.zIndex, alpha: attributes.alpha, isHidden: attributes.isHidden)
        if let encoded = attributes.extraFields.encodedBytes {
            encoded.withUnsafeBytes { write(parts, encodedExtras: $0) }
        } else {
            if attributes.extraFields.isEmpty {
                var none = NoExtraFields()
                write(parts, extras: &none)
            } else {
                var decoded = DecodedExtraFields(attributes.extra)
                write(parts, extras: &decoded)
            }
        }
    }

    /// One element's attributes from their parts — a plugin's record — with its extra fields
    /// (if any) given as the value-encoded map the plugin wrote: written from the bytes when
    /// they are canonical, else decoded first. No `LayoutAttributes`, `Value` or dictionary
    /// is built on the way.
    public mutating func attributes(
        category: ElementCategory, kind: String?, section: Int, item: Int, frame: Rect,
        zIndex: Int, alpha: Double, isHidden: Bool, encodedExtras: UnsafeRawBufferPointer?
    ) {
        if encodedExtras == nil, !isPretty,
            compactPlainAttributes(
                category: category, kind: kind, section: section, item: item, frame: frame, zIndex: zIndex,
                alpha: alpha, isHidden: isHidden)
        {
            return
        }
        let parts = AttributeParts(
            category: category, kind: kind, section: section, item: item, frame: frame, zIndex: zIndex,
            alpha: alpha, isHidden: isHidden)
        if let encodedExtras { return write(parts, encodedExtras: encodedExtras) }
        var none = NoExtraFields()
        write(parts, extras: &none)
    }

    private mutating func write(_ parts: AttributeParts, encodedExtras raw: UnsafeRawBufferPointer) {
        if var canonical = CanonicalExtraFields(raw) {
            write(parts, extras: &canonical)
        } else {
            var decoded = DecodedExtraFields(ValueReader(raw).value(at: 0).map ?? [:])
            write(parts, extras: &decoded)
        }
    }

    /// The one writer of attributes: the standard fields in `AttributeField`'s order, each
    /// extra field before the first standard field that sorts after it. Attributes without
    /// extra fields take a faster road through the same table to the same bytes
    /// (`plainAttributes`).
    private mutating func write(_ parts: AttributeParts, extras: inout some ExtraFieldCursor) {
        if extras.isEmpty, plainAttributes(parts) { return }
        beginObject()
        for field in AttributeField.allCases {
            extras.write(before: field, into: &self)
            key(field.key)
            switch field {
            case .alpha: number(parts.alpha)
            case .category: valueLiteral(parts.category.quotedName)
            case .frame: if isPretty { rect(parts.frame) } else { compactRect(parts.frame) }
            case .hidden: bool(parts.isHidden)
            case .item: integer(parts.item)
            case .kind: if let kind = parts.kind { string(kind) } else { null() }
            case .section: integer(parts.section)
            case .zIndex: integer(parts.zIndex)
            }
        }
        extras.write(before: nil, into: &self)
        endObject()
    }

    /// A value known to need no escaping, as a literal (a category's quoted name).
    private mutating func valueLiteral(_ literal: StaticString) {
        noteElementWritten()
        appendLiteral(literal)
    }

    /// `{height, width, x, y}` in one run of bytes: a frame needs no structural writer when compact.
    private mutating func compactRect(_ rect: Rect) {
        noteElementWritten()
        appendLiteral("{\"height\":")
        writeNumber(rect.height)
        appendLiteral(",\"width\":")
        writeNumber(rect.width)
        appendLiteral(",\"x\":")
        writeNumber(rect.x)
        appendLiteral(",\"y\":")
        writeNumber(rect.y)
        appendLiteral("}")
    }

    /// Attributes without extra fields, written into a stack buffer and appended at once — the
    /// same bytes `write(_:extras:)` writes (a test holds the two equal), in the same
    /// `AttributeField` order. Returns false, writing nothing, if the kind needs escaping or is
    /// over 128 bytes, or (pretty) the attributes sit deeper than 16 containers.
    private mutating func plainAttributes(_ parts: AttributeParts) -> Bool {
        guard isPretty else {
            return compactPlainAttributes(
                category: parts.category, kind: parts.kind, section: parts.section, item: parts.item,
                frame: parts.frame, zIndex: parts.zIndex, alpha: parts.alpha, isHidden: parts.isHidden)
        }
        guard depth <= 16 else { return false }
        var kindText = parts.kind ?? ""
        return kindText.withUTF8 { kindBytes -> Bool in
            guard Self.isPlainKind(kindBytes) else { return false }
            noteElementWritten()
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { memory in
                var raw = RawBytes(memory.baseAddress!)
                raw.prettyPlainAttributes(parts, kind: kindBytes, depth: depth)
                bytes.append(contentsOf: raw.buffer)
                nonFiniteNumbersWritten += raw.nonFiniteNumberCount
            }
            return true
        }
    }

    /// The hot path — every reply's and `run`'s elements: compact attributes without extra
    /// fields, from their fields (an `AttributeParts` would copy and release the kind each
    /// element), written into a stack buffer and appended at once. Returns false, writing
    /// nothing, if the kind needs escaping or is over 128 bytes.
    @inline(__always)
    private mutating func compactPlainAttributes(
        category: ElementCategory, kind: String?, section: Int, item: Int, frame: Rect, zIndex: Int,
        alpha: Double, isHidden: Bool
    ) -> Bool {
        guard var kind else {
            appendCompactPlainAttributes(
                category: category, kind: nil, section: section, item: item, frame: frame, zIndex: zIndex,
                alpha: alpha, isHidden: isHidden)
            return true
        }
        return kind.withUTF8 { kindBytes -> Bool in
            guard Self.isPlainKind(kindBytes) else { return false }
            appendCompactPlainAttributes(
                category: category, kind: kindBytes, section: section, item: item, frame: frame, zIndex: zIndex,
                alpha: alpha, isHidden: isHidden)
            return true
        }
    }

    /// Whether a kind can be written as it is: at most 128 bytes, none needing an escape.
    private static func isPlainKind(_ kind: UnsafeBufferPointer<UInt8>) -> Bool {
        kind.count <= 128 && kind.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    private mutating func appendCompactPlainAttributes(
        category: ElementCategory, kind: UnsafeBufferPointer<UInt8>?, section: Int, item: Int, frame: Rect,
        zIndex: Int, alpha: Double, isHidden: Bool
    ) {
        noteElementWritten()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { memory in
            var raw = RawBytes(memory.baseAddress!)
            raw.compactPlainAttributes(
                category: category, kind: kind, section: section, item: item, frame: frame, zIndex: zIndex,
                alpha: alpha, isHidden: isHidden)
            bytes.append(contentsOf: raw.buffer)
            nonFiniteNumbersWritten += raw.nonFiniteNumberCount
        }
    }
}

extension RawBytes {
    /// Plain attributes, compact, in `AttributeField` order: the literal fragments between the
    /// values join neighbouring keys (this is the hottest path of every reply and `run`).
    mutating func compactPlainAttributes(
        category: ElementCategory, kind: UnsafeBufferPointer<UInt8>?, section: Int, item: Int, frame: Rect,
        zIndex: Int, alpha: Double, isHidden: Bool
    ) {
        literal("{\"alpha\":")
        number(alpha)
        switch category {
        case .cell: literal(",\"category\":\"cell\",\"frame\":{\"height\":")
        case .supplementary: literal(",\"category\":\"supplementary\",\"frame\":{\"height\":")
        case .decoration: literal(",\"category\":\"decoration\",\"frame\":{\"height\":")
        }
        number(frame.height)
        literal(",\"width\":")
        number(frame.width)
        literal(",\"x\":")
        number(frame.x)
        literal(",\"y\":")
        number(frame.y)
        literal(isHidden ? "},\"hidden\":true,\"item\":" : "},\"hidden\":false,\"item\":")
        integer(item)
        literal(",\"kind\":")
        if let kind { plainString(kind) } else { literal("null") }
        literal(",\"section\":")
        integer(section)
        literal(",\"zIndex\":")
        integer(zIndex)
        literal("}")
    }

    /// Plain attributes, pretty, key by key from the `AttributeField` table: keys one indent
    /// deeper than the container at `depth`, as the structural writer puts them.
    mutating func prettyPlainAttributes(_ parts: AttributeParts, kind: UnsafeBufferPointer<UInt8>, depth: Int) {
        let indent = depth + 1
        literal("{")
        for field in AttributeField.allCases {
            key(field.key, first: field == .alpha, indent: indent)
            switch field {
            case .alpha: number(parts.alpha)
            case .category: literal(parts.category.quotedName)
            case .frame:
                literal("{")
                key("height", first: true, indent: indent + 1); number(parts.frame.height)
                key("width", first: false, indent: indent + 1); number(parts.frame.width)
                key("x", first: false, indent: indent + 1); number(parts.frame.x)
                key("y", first: false, indent: indent + 1); number(parts.frame.y)
                newline(indent: indent)
                literal("}")
            case .hidden: literal(parts.isHidden ? "true" : "false")
            case .item: integer(parts.item)
            case .kind: if parts.kind == nil { literal("null") } else { plainString(kind) }
            case .section: integer(parts.section)
            case .zIndex: integer(parts.zIndex)
            }
        }
        newline(indent: depth)
        literal("}")
    }

    /// A key known to need no escaping, on a line of its own at `indent`.
    @inline(__always)
    private mutating func key(_ key: StaticString, first: Bool, indent: Int) {
        if !first { literal(",") }
        newline(indent: indent)
        literal("\"")
        literal(key)
        literal("\": ")
    }
}

extension ElementCategory {
    /// The category's name as a JSON string.
    var quotedName: StaticString {
        switch self {
        case .cell: "\"cell\""
        case .supplementary: "\"supplementary\""
        case .decoration: "\"decoration\""
        }
    }
}
