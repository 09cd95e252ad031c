package import CLayoutABI

// Conversions between LayoutKit's values and the plugin ABI's C structs, shared by the
// export adapter (in plugins) and the host's plugin adapter.

extension Rect {
    package init(_ rect: wb_rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }

    package var abi: wb_rect { wb_rect(x: x, y: y, width: width, height: height) }
}

extension Point {
    package init(_ point: wb_point) {
        self.init(x: point.x, y: point.y)
    }

    package var abi: wb_point { wb_point(x: x, y: y) }
}

extension Size {
    package init(_ size: wb_size) {
        self.init(width: size.width, height: size.height)
    }

    package var abi: wb_size { wb_size(width: width, height: height) }
}

extension LayoutDirection {
    /// `WB_DIRECTION_*`: what a prepare context carries.
    package var abi: Int32 {
        self == .rightToLeft ? Int32(WB_DIRECTION_RIGHT_TO_LEFT) : Int32(WB_DIRECTION_LEFT_TO_RIGHT)
    }

    package init(abi: Int32) { self = abi == Int32(WB_DIRECTION_RIGHT_TO_LEFT) ? .rightToLeft : .leftToRight }
}

extension PreferredSizeAnswer {
    package init(_ answer: wb_preferred_answer) {
        self.init(size: Size(answer.size), invalidation: Invalidation(rawValue: answer.invalidation))
    }
}

extension ElementID {
    /// The C identity, with `kind` looked up in the plugin's kind table; nil for an
    /// undeclared kind.
    package func abi(kindIndex: [String: Int32]) -> wb_element? {
        var index: Int32 = -1
        if let kind {
            guard let found = kindIndex[kind] else { return nil }
            index = found
        }
        return wb_element(
            category: Int32(category.rawValue), kind: index, section: Int64(path.section), item: Int64(path.item))
    }

    /// The Swift identity of a C one; nil if its category or kind is out of range.
    package init?(_ element: wb_element, kinds: [String]) {
        guard let category = ElementCategory(rawValue: Int(element.category)) else { return nil }
        var kind: String?
        if category != .cell {
            guard element.kind >= 0, Int(element.kind) < kinds.count else { return nil }
            kind = kinds[Int(element.kind)]
        }
        self.init(
            category: category, kind: kind, path: ItemPath(section: Int(element.section), item: Int(element.item)))
    }
}

extension DataSource {
    /// A view of the host's data as the ABI passes it.
    package init(_ data: UnsafePointer<wb_data_source>) {
        let source = data.pointee
        self.init(
            sectionStarts: source.section_starts,
            numberOfSections: Int(source.section_count),
            itemOffsets: source.item_offsets,
            values: ValueReader(UnsafeRawBufferPointer(start: source.value_bytes, count: Int(source.value_length))),
            childStarts: source.child_starts,
            children: source.children,
            metadataReader: ValueReader(
                UnsafeRawBufferPointer(start: source.metadata, count: Int(source.metadata_length))),
            owner: nil)
    }
}

extension DataSet {
    /// The ABI's description of this data; valid while the data set lives.
    package var abi: wb_data_source {
        wb_data_source(
            section_count: Int64(sectionStarts.count - 1),
            section_starts: UnsafePointer(sectionStarts.baseAddress),
            value_bytes: valueBytes.baseAddress.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) },
            value_length: Int64(valueBytes.count),
            item_offsets: UnsafePointer(itemOffsets.baseAddress),
            child_starts: childStarts.flatMap { UnsafePointer($0.baseAddress) },
            children: children.flatMap { UnsafePointer($0.baseAddress) },
            metadata: metadataBytes.baseAddress.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) },
            metadata_length: Int64(metadataBytes.count))
    }
}

extension wb_error {
    /// Fills in an error from a `LayoutError`.
    package mutating func set(_ error: LayoutError) {
        section = -1
        item = -1
        var field = ""
        switch error {
        case .option(let name, _):
            code = Int32(WB_ERROR_OPTIONS)
            field = name
        case .data(let path, let name, _):
            code = Int32(WB_ERROR_DATA)
            section = Int64(path?.section ?? -1)
            item = Int64(path?.item ?? -1)
            field = name ?? ""
        case .layout:
            code = Int32(WB_ERROR_LAYOUT)
        case .cancelled:
            code = Int32(WB_ERROR_CANCELLED)
        }
        Self.copy(field, into: &self.field)
        Self.copy(error.messageOnly, into: &message)
    }

    /// The `LayoutError` a plugin reported.
    package var layoutError: LayoutError {
        let field = Self.string(from: self.field)
        let message = Self.string(from: self.message)
        switch Int(code) {
        case Int(WB_ERROR_OPTIONS): return .option(field: field, message: message)
        case Int(WB_ERROR_DATA):
            let path = section >= 0 && item >= 0 ? ItemPath(section: Int(section), item: Int(item)) : nil
            return .data(item: path, field: field.isEmpty ? nil : field, message: message)
        case Int(WB_ERROR_CANCELLED): return .cancelled
        default: return .layout(message: message.isEmpty ? "the plugin failed without a message" : message)
        }
    }

    private static func copy<Tuple>(_ string: String, into tuple: inout Tuple) {
        withUnsafeMutableBytes(of: &tuple) { buffer in
            let utf8 = Array(string.utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: utf8)
            buffer[utf8.count] = 0
        }
    }

    private static func string<Tuple>(from tuple: Tuple) -> String {
        withUnsafeBytes(of: tuple) { buffer in
            let bytes = buffer.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension LayoutError {
    /// The message without the subject prefix that `description` adds.
    var messageOnly: String {
        switch self {
        case .option(_, let message), .data(_, _, let message), .layout(let message): return message
        case .cancelled: return "cancelled"
        }
    }
}
