package import CLayoutABI
import LayoutKit

/// A plugin library that passed every check, ready to make layouts: loaded into this process
/// (its descriptor and function table at hand), or only described by a child process that
/// loaded it (`--isolation process`: this process never maps the library).
public final class LoadedPlugin: @unchecked Sendable {
    // Unchecked: immutable; the descriptor is constant memory in a never-unloaded image.
    public let name: String
    public let version: String
    public let summary: String
    /// The file it was loaded from.
    public let path: String
    /// The private copy of that file actually loaded (see `PluginImageCopies`): what a plugin
    /// process loads too. `path` itself when loaded without copying.
    public let imagePath: String
    public let kinds: [ElementKind]
    public let options: [String]
    /// Whether the host mirrors the layout in right-to-left views (ABI 2.2; false before).
    public let flipsHorizontally: Bool
    /// The options at any depth, for editors (ABI 2.3; nil before, or when the plugin gives none).
    public let optionSchema: OptionSchema?
    /// How pictures draw the cells (`cell_shape`; rectangles in plugins that leave it 0).
    public let cellShape: CellShape
    /// The descriptor in this process, nil for a plugin only described (`isLoadedHere`).
    package let descriptor: UnsafePointer<wb_plugin_descriptor>?
    package let functions: wb_layout_functions

    /// Whether the library is mapped in this process, so its functions can be called here.
    public var isLoadedHere: Bool { descriptor != nil }

    /// What a child process read from the plugin's descriptor: no image in this process.
    public init(described: PluginDescription, path: String, imagePath: String) {
        name = described.name
        version = described.version
        summary = described.summary
        self.path = path
        self.imagePath = imagePath
        kinds = described.kinds.map { ElementKind($0.name, $0.category) }
        options = described.options
        flipsHorizontally = described.flipsHorizontally
        optionSchema = described.optionSchema
        cellShape = described.cellShape
        descriptor = nil
        functions = wb_layout_functions()
    }

    /// What the descriptor says, for a parent that does not load the library.
    public var facts: PluginDescription {
        PluginDescription(
            name: name, version: version, summary: summary,
            kinds: kinds.map { .init(name: $0.name, category: $0.category) }, options: options,
            flipsHorizontally: flipsHorizontally, optionSchema: optionSchema, cellShape: cellShape)
    }

    /// Reads a descriptor of this ABI's major version, trusting only the sizes it states:
    /// fields and functions past a shorter (older minor) struct's end read as zero, which
    /// means "default" for every optional one.
    init(descriptor: UnsafePointer<wb_plugin_descriptor>, path: String, imagePath: String) throws(PluginError) {
        func invalid(_ reason: String) -> PluginError { .invalidDescriptor(path: path, reason: reason) }
        let raw = UnsafeRawPointer(descriptor)
        let descriptorSize = raw.load(
            fromByteOffset: MemoryLayout<wb_plugin_descriptor>.offset(of: \.descriptor_size)!, as: UInt64.self)
        guard descriptorSize >= UInt64(Self.minimumDescriptorSize) else {
            throw invalid(
                "descriptor_size \(descriptorSize) is smaller than version 2.0's \(Self.minimumDescriptorSize) bytes")
        }
        let value: wb_plugin_descriptor = Self.prefix(raw, size: descriptorSize)
        guard let name = value.name.map({ String(cString: $0) }), !name.isEmpty else { throw invalid("no name") }
        guard let table = value.functions else { throw invalid("no function table") }
        guard value.functions_size >= UInt64(Self.minimumFunctionsSize) else {
            throw invalid(
                "functions_size \(value.functions_size) is smaller than version 2.0's \(Self.minimumFunctionsSize) bytes"
            )
        }
        let functions: wb_layout_functions = Self.prefix(UnsafeRawPointer(table), size: value.functions_size)
        guard functions.create != nil, functions.destroy != nil, functions.prepare != nil,
            functions.content_size != nil,
            functions.elements_in_rect != nil, functions.attributes_for_element != nil,
            functions.should_invalidate_for_bounds_change != nil, functions.invalidation_for_bounds_change != nil,
            functions.invalidate != nil, functions.target_content_offset != nil, functions.transition_attributes != nil,
            functions.element_count != nil
        else { throw invalid("the function table has empty entries") }
        guard value.kind_count >= 0, value.kind_count < 1024, value.option_count >= 0, value.option_count < 1024,
            value.kind_count == 0 || (value.kinds != nil && value.kind_categories != nil),
            value.option_count == 0 || value.option_names != nil
        else { throw invalid("kind or option tables are missing or absurd") }
        var kinds: [ElementKind] = []
        for index in 0..<Int(value.kind_count) {
            guard let kindName = value.kinds[index].map({ String(cString: $0) }),
                let category = ElementCategory(rawValue: Int(value.kind_categories[index])), category != .cell
            else { throw invalid("kind \(index) has no name or is not supplementary/decoration") }
            kinds.append(ElementKind(kindName, category))
        }
        self.name = name
        self.version = value.version.map { String(cString: $0) } ?? "unknown"
        self.summary = value.summary.map { String(cString: $0) } ?? ""
        self.path = path
        self.imagePath = imagePath
        self.kinds = kinds
        self.options = (0..<Int(value.option_count)).compactMap { value.option_names[$0].map { String(cString: $0) } }
        self.flipsHorizontally = value.flips_horizontally != 0
        self.cellShape = value.cell_shape == Int32(WB_CELL_SHAPE_ROUND) ? .round : .rectangle
        self.optionSchema = try Self.optionSchema(value, invalid: invalid)
        self.descriptor = descriptor
        self.functions = functions
    }

    /// The descriptor's option schema (ABI 2.3), decoded and checked; at most 1 MiB.
    private static func optionSchema(_ value: wb_plugin_descriptor, invalid: (String) -> PluginError)
        throws(PluginError) -> OptionSchema?
    {
        guard let bytes = value.option_schema, value.option_schema_length > 0 else { return nil }
        guard value.option_schema_length <= 1 << 20 else {
            throw invalid("option_schema_length \(value.option_schema_length) is over 1 MiB")
        }
        let reader = ValueReader(UnsafeRawBufferPointer(start: bytes, count: Int(value.option_schema_length)))
        guard let decoded = OptionSchema(value: reader.value(at: 0)) else {
            throw invalid("option_schema is not a value-encoded option schema")
        }
        return decoded
    }

    /// Version 2.0's descriptor: everything up to `plugin_data` (2.2 appended `flips_horizontally`).
    static let minimumDescriptorSize = MemoryLayout<wb_plugin_descriptor>.offset(of: \.flips_horizontally)!
    /// Version 2.0's required functions: everything before the optional `prepare_for_updates`.
    static let minimumFunctionsSize = MemoryLayout<wb_layout_functions>.offset(of: \.prepare_for_updates)!

    /// The first `size` bytes of a C struct at `pointer`, the rest zero.
    private static func prefix<T>(_ pointer: UnsafeRawPointer, size: UInt64) -> T {
        let result = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { result.deallocate() }
        result.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        result.copyMemory(from: pointer, byteCount: Int(min(size, UInt64(MemoryLayout<T>.size))))
        return result.load(as: T.self)
    }
}
