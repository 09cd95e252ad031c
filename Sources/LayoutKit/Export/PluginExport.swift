internal import CLayoutABI

/// A plugin's C descriptor, built once and never freed.
public struct PluginDescriptor: @unchecked Sendable {
    // Unchecked: points at immutable memory that lives as long as the image.
    /// The `const wb_plugin_descriptor *` to return from the entry point.
    public let pointer: UnsafeRawPointer
}

/// Exports a Swift layout type through the C plugin ABI (`workbench_layout.h`).
public enum PluginExport {
    /// Builds the descriptor for `layout`: ABI version, name, kinds, options and the function
    /// table that adapts the C calls to the `Layout` protocol.
    public static func descriptor<L: LayoutPlugin>(for layout: L.Type) -> PluginDescriptor {
        let info = L.info
        let factory = LayoutFactory(info: info) { options throws(LayoutError) in try L(options: options) }
        let schema = info.optionSchema.map { ValueWriter.encode($0.value) }
        let descriptor = UnsafeMutablePointer<wb_plugin_descriptor>.allocate(capacity: 1)
        descriptor.initialize(
            to: wb_plugin_descriptor(
                abi_version: WB_ABI_VERSION,
                abi_minor_version: WB_ABI_MINOR_VERSION,
                descriptor_size: UInt64(MemoryLayout<wb_plugin_descriptor>.size),
                functions_size: UInt64(MemoryLayout<wb_layout_functions>.size),
                name: makeCString(info.name),
                version: makeCString(info.version),
                summary: makeCString(info.summary),
                kinds: makeCStringArray(info.kinds.map(\.name)),
                kind_categories: makeArray(info.kinds.map { Int32($0.category.rawValue) }),
                kind_count: Int32(info.kinds.count),
                option_count: Int32(info.options.count),
                option_names: makeCStringArray(info.options),
                functions: functionTable,
                plugin_data: UnsafeRawPointer(Unmanaged.passRetained(factory).toOpaque()),
                flips_horizontally: info.flipsHorizontally ? 1 : 0,
                cell_shape: info.cellShape == .round ? Int32(WB_CELL_SHAPE_ROUND) : Int32(WB_CELL_SHAPE_RECTANGLE),
                option_schema: schema.map { makeArray($0) },
                option_schema_length: Int64(schema?.count ?? 0)))
        return PluginDescriptor(pointer: UnsafeRawPointer(descriptor))
    }

    // Unsafe: written once here, then only read.
    nonisolated(unsafe) private static let functionTable: UnsafePointer<wb_layout_functions> = {
        let table = UnsafeMutablePointer<wb_layout_functions>.allocate(capacity: 1)
        table.initialize(
            to: wb_layout_functions(
                create: ExportedFunctions.create,
                destroy: ExportedFunctions.destroy,
                prepare: ExportedFunctions.prepare,
                content_size: ExportedFunctions.contentSize,
                elements_in_rect: ExportedFunctions.elementsInRect,
                attributes_for_element: ExportedFunctions.attributesForElement,
                should_invalidate_for_bounds_change: ExportedFunctions.shouldInvalidate,
                invalidation_for_bounds_change: ExportedFunctions.invalidationForBoundsChange,
                invalidate: ExportedFunctions.invalidate,
                target_content_offset: ExportedFunctions.targetContentOffset,
                transition_attributes: ExportedFunctions.transitionAttributes,
                element_count: ExportedFunctions.elementCount,
                prepare_for_updates: ExportedFunctions.prepareForUpdates,
                preferred_attributes: ExportedFunctions.preferredAttributes,
                changed_elements: ExportedFunctions.changedElements,
                target_for_moving_item: ExportedFunctions.targetForMovingItem,
                moving_item_attributes: ExportedFunctions.movingItemAttributes,
                target_content_offset_for_proposed: ExportedFunctions.targetContentOffsetForProposed,
                instance_kinds: ExportedFunctions.instanceKinds,
                element_budget: ExportedFunctions.elementBudget,
                content_overflow: ExportedFunctions.contentOverflow))
        return UnsafePointer(table)
    }()

    private static func makeCString(_ string: String) -> UnsafePointer<CChar> {
        let utf8 = Array(string.utf8CString)
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        pointer.initialize(from: utf8, count: utf8.count)
        return UnsafePointer(pointer)
    }

    private static func makeCStringArray(_ strings: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        makeArray(strings.map { Optional(makeCString($0)) })
    }

    private static func makeArray<T>(_ elements: [T]) -> UnsafePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(elements.count, 1))
        pointer.initialize(from: elements, count: elements.count)
        return UnsafePointer(pointer)
    }
}

/// Makes layouts of one type; the descriptor's `plugin_data`.
final class LayoutFactory: @unchecked Sendable {
    // Unchecked: immutable after init; `make` is the plugin author's closure, not `@Sendable` in the SDK's API.
    let info: PluginInfo
    let make: (Options) throws(LayoutError) -> any Layout
    let kindIndex: [String: Int32]

    init(info: PluginInfo, make: @escaping (Options) throws(LayoutError) -> any Layout) {
        self.info = info
        self.make = make
        kindIndex = Dictionary(uniqueKeysWithValues: info.kinds.enumerated().map { ($1.name, Int32($0)) })
    }
}
