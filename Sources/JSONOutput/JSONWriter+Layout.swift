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
        beginObject()
        var extraKeys = attributes.extra.keys.filter { !LayoutAttributes.standardFieldNames.contains($0) }
        if extraKeys.count > 1 { extraKeys.sort() }
        var nextExtra = 0
        func extras(before name: String, _ writer: inout JSONWriter) {
            while nextExtra < extraKeys.count, extraKeys[nextExtra] < name {
                writer.key(extraKeys[nextExtra])
                writer.value(attributes.extra[extraKeys[nextExtra]]!)
                nextExtra += 1
            }
        }
        extras(before: "alpha", &self)
        key("alpha"); number(attributes.alpha)
        extras(before: "category", &self)
        key("category"); string(attributes.element.category.name)
        extras(before: "frame", &self)
        key("frame"); rect(attributes.frame)
        extras(before: "hidden", &self)
        key("hidden"); bool(attributes.isHidden)
        extras(before: "item", &self)
        key("item"); integer(attributes.element.path.item)
        extras(before: "kind", &self)
        key("kind")
        if let kind = attributes.element.kind { string(kind) } else { null() }
        extras(before: "section", &self)
        key("section"); integer(attributes.element.path.section)
        extras(before: "zIndex", &self)
        key("zIndex"); integer(attributes.zIndex)
        extras(before: "\u{10FFFF}", &self)
        endObject()
    }
}
