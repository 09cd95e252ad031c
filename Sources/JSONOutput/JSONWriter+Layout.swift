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
    ///
    /// The hot path of every reply: compact output is written from literal fragments.
    public mutating func attributes(_ attributes: LayoutAttributes) {
        guard !isPretty else {
            if attributes.extraFields.isEmpty, writePlainAttributes(attributes) { return }
            return attributesByKey(attributes)
        }
        if attributes.extraFields.isEmpty, writePlainAttributes(attributes) { return }
        if let encoded = attributes.extraFields.encodedBytes {
            let isWritten = encoded.withUnsafeBytes { raw in
                guard raw.count > 0, raw[0] == 6, EncodedValue.canonicalEnd(raw, at: 0) == raw.count else { return false }
                self.attributes(attributes, canonicalExtras: raw)
                return true
            }
            if isWritten { return }
        }
        let extra = attributes.extra
        var extraKeys: [String] = []
        if !extra.isEmpty { extraKeys = extra.keys.filter { !LayoutAttributes.standardFieldNames.contains($0) }.sorted() }
        var next = 0
        noteElementWritten()
        appendLiteral("{")
        var first = true
        writeExtras(extraKeys, extra, before: "alpha", &next, &first)
        appendLiteral(first ? "\"alpha\":" : ",\"alpha\":")
        first = false
        writeNumber(attributes.alpha)
        writeExtras(extraKeys, extra, before: "category", &next, &first)
        appendLiteral(",\"category\":")
        switch attributes.element.category {
        case .cell: appendLiteral("\"cell\"")
        case .supplementary: appendLiteral("\"supplementary\"")
        case .decoration: appendLiteral("\"decoration\"")
        }
        writeExtras(extraKeys, extra, before: "frame", &next, &first)
        let frame = attributes.frame
        appendLiteral(",\"frame\":{\"height\":")
        writeNumber(frame.height)
        appendLiteral(",\"width\":")
        writeNumber(frame.width)
        appendLiteral(",\"x\":")
        writeNumber(frame.x)
        appendLiteral(",\"y\":")
        writeNumber(frame.y)
        appendLiteral("}")
        writeExtras(extraKeys, extra, before: "hidden", &next, &first)
        appendLiteral(attributes.isHidden ? ",\"hidden\":true" : ",\"hidden\":false")
        writeExtras(extraKeys, extra, before: "item", &next, &first)
        appendLiteral(",\"item\":")
        writeInteger(attributes.element.path.item)
        writeExtras(extraKeys, extra, before: "kind", &next, &first)
        appendLiteral(",\"kind\":")
        if let kind = attributes.element.kind { writeString(kind) } else { appendLiteral("null") }
        writeExtras(extraKeys, extra, before: "section", &next, &first)
        appendLiteral(",\"section\":")
        writeInteger(attributes.element.path.section)
        writeExtras(extraKeys, extra, before: "zIndex", &next, &first)
        appendLiteral(",\"zIndex\":")
        writeInteger(attributes.zIndex)
        writeExtras(extraKeys, extra, before: nil, &next, &first)
        appendLiteral("}")
    }

    /// Attributes whose extra fields are a canonical encoded map: the fields are written from
    /// the bytes, between the standard fields in key order, as `attributes(_:)` would.
    private mutating func attributes(_ attributes: LayoutAttributes, canonicalExtras raw: UnsafeRawBufferPointer) {
        var remaining = Int(EncodedValue.uint32(raw, 1)), cursor = 9
        var first = true
        func extras(before name: StaticString?) {
            while remaining > 0 {
                let key = (cursor + 4)..<(cursor + 4 + Int(EncodedValue.uint32(raw, cursor)))
                if let name, !EncodedValue.key(raw, key, isLessThan: name) { return }
                remaining -= 1
                if EncodedValue.isStandardName(raw, key) {
                    cursor = EncodedValue.canonicalEnd(raw, at: key.upperBound) ?? raw.count
                    continue
                }
                if !first { appendLiteral(",") }
                first = false
                writeASCIIString(UnsafeRawBufferPointer(rebasing: raw[key]))
                appendLiteral(":")
                afterKey = true
                cursor = encodedValue(raw, at: key.upperBound)
            }
        }
        noteElementWritten()
        appendLiteral("{")
        extras(before: "alpha")
        appendLiteral(first ? "\"alpha\":" : ",\"alpha\":")
        first = false
        writeNumber(attributes.alpha)
        extras(before: "category")
        switch attributes.element.category {
        case .cell: appendLiteral(",\"category\":\"cell\"")
        case .supplementary: appendLiteral(",\"category\":\"supplementary\"")
        case .decoration: appendLiteral(",\"category\":\"decoration\"")
        }
        extras(before: "frame")
        let frame = attributes.frame
        appendLiteral(",\"frame\":{\"height\":")
        writeNumber(frame.height)
        appendLiteral(",\"width\":")
        writeNumber(frame.width)
        appendLiteral(",\"x\":")
        writeNumber(frame.x)
        appendLiteral(",\"y\":")
        writeNumber(frame.y)
        appendLiteral("}")
        extras(before: "hidden")
        appendLiteral(attributes.isHidden ? ",\"hidden\":true" : ",\"hidden\":false")
        extras(before: "item")
        appendLiteral(",\"item\":")
        writeInteger(attributes.element.path.item)
        extras(before: "kind")
        appendLiteral(",\"kind\":")
        if let kind = attributes.element.kind { writeString(kind) } else { appendLiteral("null") }
        extras(before: "section")
        appendLiteral(",\"section\":")
        writeInteger(attributes.element.path.section)
        extras(before: "zIndex")
        appendLiteral(",\"zIndex\":")
        writeInteger(attributes.zIndex)
        extras(before: nil)
        appendLiteral("}")
    }

    /// One element's attributes from their parts, as `attributes(_:)` writes them, with its
    /// extra fields (if any) given as the value-encoded map a plugin wrote: written from the
    /// bytes when they are canonical, else decoded first. Writing a plugin's records this
    /// way builds no `Value` and no dictionary.
    public mutating func attributes(category: ElementCategory, kind: String?, section: Int, item: Int, frame: Rect,
                                    zIndex: Int, alpha: Double, isHidden: Bool, encodedExtras: UnsafeRawBufferPointer?) {
        if encodedExtras == nil, plainAttributes(category: category, kind: kind, section: section, item: item, frame: frame,
                                                 zIndex: zIndex, alpha: alpha, isHidden: isHidden) { return }
        var attributes = LayoutAttributes(element: ElementID(category: category, kind: kind, path: ItemPath(section: section, item: item)),
                                          frame: frame, zIndex: zIndex, alpha: alpha, isHidden: isHidden)
        guard let raw = encodedExtras else { return self.attributes(attributes) }
        if !isPretty, raw.count >= 9, raw[0] == ValueTagByte.map, EncodedValue.canonicalEnd(raw, at: 0) == raw.count {
            return self.attributes(attributes, canonicalExtras: raw)
        }
        attributes.extra = ValueReader(raw).value(at: 0).map ?? [:]
        self.attributes(attributes)
    }

    /// The fastest path: attributes without extra fields, written into a stack buffer and
    /// appended at once. Returns false (writing nothing) if the kind needs escaping or is long.
    private mutating func writePlainAttributes(_ attributes: LayoutAttributes) -> Bool {
        plainAttributes(category: attributes.element.category, kind: attributes.element.kind, section: attributes.element.path.section,
                        item: attributes.element.path.item, frame: attributes.frame, zIndex: attributes.zIndex,
                        alpha: attributes.alpha, isHidden: attributes.isHidden)
    }

    /// Writes attributes without extra fields from their parts, as `attributes(_:)` would.
    /// Returns false, writing nothing, if `kind` needs escaping or is over 128 bytes (or,
    /// pretty, the attributes would be nested deeper than 16 containers).
    public mutating func plainAttributes(category: ElementCategory, kind: String?, section: Int, item: Int, frame: Rect,
                                         zIndex: Int, alpha: Double, isHidden: Bool) -> Bool {
        var kindText = kind ?? ""
        return kindText.withUTF8 { kindBytes -> Bool in
            guard kindBytes.count <= 128, !isPretty || depth <= 16,
                  kindBytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            noteElementWritten()
            if isPretty {
                prettyPlainAttributes(category: category, kind: kind == nil ? nil : kindBytes, section: section, item: item, frame: frame,
                                      zIndex: zIndex, alpha: alpha, isHidden: isHidden)
                return true
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { memory in
                var raw = RawBytes(memory.baseAddress!)
                raw.literal("{\"alpha\":")
                raw.number(alpha)
                switch category {
                case .cell: raw.literal(",\"category\":\"cell\",\"frame\":{\"height\":")
                case .supplementary: raw.literal(",\"category\":\"supplementary\",\"frame\":{\"height\":")
                case .decoration: raw.literal(",\"category\":\"decoration\",\"frame\":{\"height\":")
                }
                raw.number(frame.height)
                raw.literal(",\"width\":")
                raw.number(frame.width)
                raw.literal(",\"x\":")
                raw.number(frame.x)
                raw.literal(",\"y\":")
                raw.number(frame.y)
                raw.literal(isHidden ? "},\"hidden\":true,\"item\":" : "},\"hidden\":false,\"item\":")
                raw.integer(item)
                raw.literal(",\"kind\":")
                if kind == nil { raw.literal("null") } else { raw.plainString(kindBytes) }
                raw.literal(",\"section\":")
                raw.integer(section)
                raw.literal(",\"zIndex\":")
                raw.integer(zIndex)
                raw.literal("}")
                bytes.append(contentsOf: raw.buffer)
                nonFiniteNumberCount += raw.nonFiniteNumberCount
            }
            return true
        }
    }

    /// The pretty form of `plainAttributes`, written at once from a stack buffer: keys one
    /// indent deeper than the container the attributes are in, as the structural writer
    /// puts them.
    private mutating func prettyPlainAttributes(category: ElementCategory, kind: UnsafeBufferPointer<UInt8>?, section: Int, item: Int,
                                                frame: Rect, zIndex: Int, alpha: Double, isHidden: Bool) {
        let outer = depth, inner = depth + 1
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { memory in
            var raw = RawBytes(memory.baseAddress!)
            raw.literal("{")
            raw.newline(indent: inner); raw.literal("\"alpha\": "); raw.number(alpha); raw.literal(",")
            raw.newline(indent: inner)
            switch category {
            case .cell: raw.literal("\"category\": \"cell\",")
            case .supplementary: raw.literal("\"category\": \"supplementary\",")
            case .decoration: raw.literal("\"category\": \"decoration\",")
            }
            raw.newline(indent: inner); raw.literal("\"frame\": {")
            raw.newline(indent: inner + 1); raw.literal("\"height\": "); raw.number(frame.height); raw.literal(",")
            raw.newline(indent: inner + 1); raw.literal("\"width\": "); raw.number(frame.width); raw.literal(",")
            raw.newline(indent: inner + 1); raw.literal("\"x\": "); raw.number(frame.x); raw.literal(",")
            raw.newline(indent: inner + 1); raw.literal("\"y\": "); raw.number(frame.y)
            raw.newline(indent: inner); raw.literal("},")
            raw.newline(indent: inner); raw.literal(isHidden ? "\"hidden\": true," : "\"hidden\": false,")
            raw.newline(indent: inner); raw.literal("\"item\": "); raw.integer(item); raw.literal(",")
            raw.newline(indent: inner); raw.literal("\"kind\": ")
            if let kind { raw.plainString(kind) } else { raw.literal("null") }
            raw.literal(",")
            raw.newline(indent: inner); raw.literal("\"section\": "); raw.integer(section); raw.literal(",")
            raw.newline(indent: inner); raw.literal("\"zIndex\": "); raw.integer(zIndex)
            raw.newline(indent: outer); raw.literal("}")
            bytes.append(contentsOf: raw.buffer)
            nonFiniteNumberCount += raw.nonFiniteNumberCount
        }
    }

    /// Writes the extra fields that sort before `name` (all that are left when nil).
    private mutating func writeExtras(_ keys: [String], _ extra: [String: Value], before name: String?, _ next: inout Int, _ first: inout Bool) {
        while next < keys.count, name.map({ keys[next] < $0 }) ?? true {
            if !first { appendLiteral(",") }
            first = false
            writeString(keys[next])
            appendLiteral(":")
            afterKey = true
            value(extra[keys[next]] ?? .null)
            next += 1
        }
    }

    /// The general path (pretty output): key by key through the structural writer.
    private mutating func attributesByKey(_ attributes: LayoutAttributes) {
        var fields: [(String, Value?)] = attributes.extra.filter { !LayoutAttributes.standardFieldNames.contains($0.key) }.map { ($0.key, $0.value) }
        for name in ["alpha", "category", "frame", "hidden", "item", "kind", "section", "zIndex"] { fields.append((name, nil)) }
        fields.sort { $0.0 < $1.0 }
        beginObject()
        for (name, value) in fields {
            key(name)
            if let value {
                self.value(value)
                continue
            }
            switch name {
            case "alpha": number(attributes.alpha)
            case "category": string(attributes.element.category.name)
            case "frame": rect(attributes.frame)
            case "hidden": bool(attributes.isHidden)
            case "item": integer(attributes.element.path.item)
            case "kind": if let kind = attributes.element.kind { string(kind) } else { null() }
            case "section": integer(attributes.element.path.section)
            default: integer(attributes.zIndex)
            }
        }
        endObject()
    }
}
