internal import CLayoutABI
import LayoutKit

/// A layout living in a plugin, seen through the `Layout` protocol: each call goes through
/// the plugin's C function table; attributes come back through a reused host buffer.
public final class PluginLayout: Layout {
    public let plugin: LoadedPlugin
    let handle: OpaquePointer
    let functions: wb_layout_functions
    let buffer = AttributesBuffer()
    let kindNames: [String]
    private let kindIndex: [String: Int32]
    /// The data the plugin was prepared with, kept alive (and at a fixed address) until the next prepare.
    private var preparedData: DataSet?
    private let dataDescription = UnsafeMutablePointer<wb_data_source>.allocate(capacity: 1)
    /// Raised (non-zero) to ask a running `prepare` to stop; the plugin polls it.
    private let cancelFlag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    init(plugin: LoadedPlugin, options: [String: Value]) throws(LayoutError) {
        self.plugin = plugin
        functions = plugin.functions
        kindNames = plugin.kinds.map(\.name)
        kindIndex = Dictionary(uniqueKeysWithValues: kindNames.enumerated().map { ($1, Int32($0)) })
        cancelFlag.initialize(to: 0)
        dataDescription.initialize(to: DataSet.empty.abi)
        var error = wb_error()
        let encoded = ValueWriter.encode(.map(options))
        let create = plugin.functions.create!
        let created = encoded.withUnsafeBufferPointer { bytes in
            create(plugin.descriptor, bytes.baseAddress, Int64(bytes.count), &error)
        }
        guard let created else {
            dataDescription.deallocate()
            cancelFlag.deallocate()
            throw error.code == 0 ? .layout(message: "the plugin made no layout and gave no reason") : error.layoutError
        }
        handle = created
    }

    deinit {
        functions.destroy(handle)
        dataDescription.deallocate()
        cancelFlag.deallocate()
    }

    /// Asks the running `prepare` (or, if none runs, the next) to stop with `.cancelled`;
    /// safe from any thread. The flag stays raised until `resetCancellation()`.
    public func cancel() {
        UnsafeMutableRawPointer(cancelFlag).storeBytes(of: 1, as: Int32.self)
    }

    /// Lowers the cancel flag, before work that should not inherit an earlier cancellation.
    public func resetCancellation() {
        UnsafeMutableRawPointer(cancelFlag).storeBytes(of: 0, as: Int32.self)
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        guard let data = context.dataSource.dataSet else {
            throw .layout(message: "the host can only pass data it owns to a plugin")
        }
        preparedData = data
        dataDescription.pointee = data.abi
        var error = wb_error()
        let status = functions.prepare(handle, dataDescription, context.bounds.abi, cancelFlag, &error)
        guard status == Int32(WB_OK) else {
            throw error.code == 0 ? .layout(message: "prepare failed with status \(status)") : error.layoutError
        }
    }

    public var contentSize: Size { Size(functions.content_size(handle)) }

    public var numberOfElements: Int? {
        let count = functions.element_count(handle)
        return count >= 0 ? Int(count) : nil
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        buffer.reset()
        guard functions.elements_in_rect(handle, rect.abi, buffer.sink) == Int32(WB_OK) else { return }
        let start = result.count
        result.reserveCapacity(start + buffer.count)
        for index in 0..<buffer.count {
            if let attributes = buffer.attributes(at: index, kinds: kindNames) { result.append(attributes) }
        }
        if !result[start...].isInCanonicalOrder { result[start...].sort { $0.element < $1.element } }
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        guard let id = element.abi(kindIndex: kindIndex) else { return nil }
        buffer.reset()
        guard functions.attributes_for_element(handle, id, buffer.sink) == 1, buffer.count == 1 else { return nil }
        return buffer.attributes(at: 0, kinds: kindNames)
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        functions.should_invalidate_for_bounds_change(handle, newBounds.abi) != 0
    }

    public func invalidation(forBoundsChange newBounds: Rect) -> Invalidation {
        Invalidation(rawValue: functions.invalidation_for_bounds_change(handle, newBounds.abi))
    }

    public func invalidate(_ invalidation: Invalidation) {
        functions.invalidate(handle, invalidation.rawValue)
    }

    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        Point(functions.target_content_offset(handle, proposed.abi, velocity.abi))
    }

    public func initialAttributes(forAppearing element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        transitionAttributes(for: element, isAppearing: true, in: bounds)
    }

    public func finalAttributes(forDisappearing element: ElementID, in bounds: Rect) -> LayoutAttributes? {
        transitionAttributes(for: element, isAppearing: false, in: bounds)
    }

    private func transitionAttributes(for element: ElementID, isAppearing: Bool, in bounds: Rect) -> LayoutAttributes? {
        guard let id = element.abi(kindIndex: kindIndex) else { return nil }
        buffer.reset()
        guard functions.transition_attributes(handle, id, isAppearing ? 1 : 0, bounds.abi, buffer.sink) == 1,
              buffer.count == 1 else { return nil }
        return buffer.attributes(at: 0, kinds: kindNames)
    }
}

extension ArraySlice where Element == LayoutAttributes {
    fileprivate var isInCanonicalOrder: Bool {
        zip(self, dropFirst()).allSatisfy { !($1.element < $0.element) }
    }
}
