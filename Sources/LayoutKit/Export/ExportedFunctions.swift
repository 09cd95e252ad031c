internal import CLayoutABI

/// One layout instance behind a `wb_layout *` handle, with reusable scratch space.
final class LayoutInstance {
    let layout: any Layout
    let kindIndex: [String: Int32]
    let kinds: [String]
    /// The instance's own kinds as C arrays (ABI 2.3's `instance_kinds`), when its options decide them.
    let instanceKinds: InstanceKindTable?
    var scratch: [LayoutAttributes] = []
    var extraWriter = ValueWriter()

    init(layout: any Layout, factory: LayoutFactory) {
        self.layout = layout
        if let own = layout.elementKinds {
            kinds = own.map(\.name)
            kindIndex = Dictionary(
                own.enumerated().map { ($1.name, Int32($0)) }, uniquingKeysWith: { first, _ in first })
            instanceKinds = InstanceKindTable(own)
        } else {
            kindIndex = factory.kindIndex
            kinds = factory.info.kinds.map(\.name)
            instanceKinds = nil
        }
    }

    static func from(_ handle: OpaquePointer?) -> LayoutInstance {
        Unmanaged<LayoutInstance>.fromOpaque(UnsafeRawPointer(handle!)).takeUnretainedValue()
    }

    /// How many elements a layout hands over at a time, when it can answer in pieces.
    static let pieceSize = 4096

    /// Writes `elements` into the host's sink (reserved at once, so that a large answer is
    /// not copied as the sink doubles).
    func write(_ elements: [LayoutAttributes], to sink: UnsafeMutablePointer<wb_attributes_sink>) -> Int32 {
        let missing = Int64(elements.count) - (sink.pointee.capacity - sink.pointee.count)
        if missing > 0, let reserve = sink.pointee.reserve, reserve(sink, Int64(elements.count), 0) == 0 {
            return Int32(WB_ERROR_LAYOUT)
        }
        // The scratch writer and the kind table are taken out of the instance once a piece:
        // reached through the class, they cost an exclusivity check and a retain an element.
        var scratch = extraWriter
        defer { extraWriter = scratch }
        let kindIndex = kindIndex
        // Each element is read where it lies (`append(at:)`): iterating the array by value
        // would copy every element whole.
        return elements.withUnsafeBufferPointer { elements in
            for index in elements.indices
            where !sink.append(at: elements.baseAddress! + index, kindIndex: kindIndex, scratch: &scratch) {
                return Int32(WB_ERROR_LAYOUT)
            }
            return Int32(WB_OK)
        }
    }
}

/// The C entry points of every exported layout: each adapts one call to the `Layout` protocol.
enum ExportedFunctions {
    static let create:
        @convention(c) (
            UnsafePointer<wb_plugin_descriptor>?, UnsafePointer<UInt8>?, Int64, UnsafeMutablePointer<wb_error>?
        ) -> OpaquePointer? = {
            plugin, options, length, errorOut in
            let factory = Unmanaged<LayoutFactory>.fromOpaque(plugin!.pointee.plugin_data).takeUnretainedValue()
            let values =
                options.map { ValueReader(UnsafeRawBufferPointer(start: $0, count: Int(length))).value(at: 0) }
                ?? .map([:])
            guard case .map(let map) = values else {
                errorOut?.pointee.set(
                    .option(field: "", message: "options must be a map, got \(values.kindDescription)"))
                return nil
            }
            do throws(LayoutError) {
                let instance = LayoutInstance(layout: try factory.make(Options(map)), factory: factory)
                return OpaquePointer(Unmanaged.passRetained(instance).toOpaque())
            } catch {
                errorOut?.pointee.set(error)
                return nil
            }
        }

    static let destroy: @convention(c) (OpaquePointer?) -> Void = { handle in
        guard let handle else { return }
        Unmanaged<LayoutInstance>.fromOpaque(UnsafeRawPointer(handle)).release()
    }

    static let prepare:
        @convention(c) (
            OpaquePointer?, UnsafePointer<wb_data_source>?, wb_rect, UnsafePointer<wb_prepare_context>?,
            UnsafeMutablePointer<wb_error>?
        ) -> Int32 = {
            handle, data, bounds, context, errorOut in
            let instance = LayoutInstance.from(handle)
            let source = data.map { DataSource($0) } ?? DataSet.empty.source
            var progress: ((Double) -> Void)?
            if let report = context?.pointee.progress {
                let hostContext = context?.pointee.host_context
                progress = { fraction in report(hostContext, fraction) }
            }
            let cancel = context?.pointee.cancel.map { UnsafePointer<Int32>(OpaquePointer($0)) }
            do throws(LayoutError) {
                let direction = LayoutDirection(abi: context?.pointee.direction ?? 0)
                try instance.layout.prepare(
                    LayoutContext(
                        dataSource: source, bounds: Rect(bounds), direction: direction,
                        cancelFlag: cancel, progress: progress))
                return Int32(WB_OK)
            } catch {
                errorOut?.pointee.set(error)
                return errorOut?.pointee.code ?? Int32(WB_ERROR_LAYOUT)
            }
        }

    static let contentSize: @convention(c) (OpaquePointer?) -> wb_size = { handle in
        LayoutInstance.from(handle).layout.contentSize.abi
    }

    static let elementsInRect:
        @convention(c) (
            OpaquePointer?, wb_rect, UnsafeMutablePointer<wb_attributes_sink>?, UnsafeMutablePointer<wb_error>?
        ) -> Int32 = {
            handle, rect, sink, _ in
            let instance = LayoutInstance.from(handle)
            let query = Rect(rect)
            if query == .everything, let count = instance.layout.numberOfElements, let reserve = sink!.pointee.reserve,
                Int64(count) > sink!.pointee.capacity - sink!.pointee.count, reserve(sink!, Int64(count), 0) == 0
            {
                return Int32(WB_ERROR_LAYOUT)
            }
            // Pieces go to the sink as the layout hands them over, so the answer is not held twice.
            var scratch: [LayoutAttributes] = []
            swap(&scratch, &instance.scratch)
            defer { swap(&scratch, &instance.scratch) }
            scratch.removeAll(keepingCapacity: true)
            var status = Int32(WB_OK)
            instance.layout.elements(in: query, into: &scratch, pieceSize: LayoutInstance.pieceSize) { piece in
                if status == Int32(WB_OK) { status = instance.write(piece, to: sink!) }
                piece.removeAll(keepingCapacity: true)
            }
            if status == Int32(WB_OK) { status = instance.write(scratch, to: sink!) }
            if scratch.capacity > 4 * LayoutInstance.pieceSize { scratch = [] }
            return status
        }

    static let attributesForElement:
        @convention(c) (
            OpaquePointer?, wb_element, UnsafeMutablePointer<wb_attributes_sink>?, UnsafeMutablePointer<wb_error>?
        ) -> Int32 = {
            handle, element, sink, _ in
            let instance = LayoutInstance.from(handle)
            guard let id = ElementID(element, kinds: instance.kinds),
                let attributes = instance.layout.attributes(for: id)
            else { return 0 }
            return instance.write(attributes, to: sink!)
        }

    static let shouldInvalidate: @convention(c) (OpaquePointer?, wb_rect) -> Int32 = { handle, bounds in
        LayoutInstance.from(handle).layout.shouldInvalidate(forBoundsChange: Rect(bounds)) ? 1 : 0
    }

    static let invalidationForBoundsChange: @convention(c) (OpaquePointer?, wb_rect) -> UInt32 = { handle, bounds in
        LayoutInstance.from(handle).layout.invalidation(forBoundsChange: Rect(bounds)).rawValue
    }

    static let invalidate: @convention(c) (OpaquePointer?, UInt32) -> Void = { handle, flags in
        LayoutInstance.from(handle).layout.invalidate(Invalidation(rawValue: flags))
    }

    static let targetContentOffset: @convention(c) (OpaquePointer?, wb_point, wb_point) -> wb_point = {
        handle, proposed, velocity in
        LayoutInstance.from(handle).layout.targetContentOffset(proposed: Point(proposed), velocity: Point(velocity)).abi
    }

    static let elementCount: @convention(c) (OpaquePointer?) -> Int64 = { handle in
        LayoutInstance.from(handle).layout.numberOfElements.map(Int64.init) ?? -1
    }

    static let prepareForUpdates:
        @convention(c) (OpaquePointer?, UnsafePointer<wb_update_batch>?, UnsafeMutablePointer<wb_error>?) -> Int32 = {
            handle, batch, _ in
            let instance = LayoutInstance.from(handle)
            guard let batch = batch?.pointee else {
                instance.layout.invalidate(.data)
                return Int32(WB_OK)
            }
            func view(_ pointer: UnsafePointer<Int64>?, _ count: Int64) -> UnsafeBufferPointer<Int64> {
                UnsafeBufferPointer(start: pointer, count: pointer == nil ? 0 : max(0, Int(count)))
            }
            let runs = UnsafeBufferPointer(
                start: batch.item_runs, count: batch.item_runs == nil ? 0 : max(0, Int(batch.item_run_count)))
            instance.layout.prepare(
                forUpdates: UpdateBatch(
                    oldSectionStarts: view(batch.old_section_starts, batch.old_section_count + 1),
                    newSectionStarts: view(batch.new_section_starts, batch.new_section_count + 1),
                    sectionOldToNew: view(batch.section_old_to_new, batch.old_section_count),
                    sectionNewToOld: view(batch.section_new_to_old, batch.new_section_count),
                    itemRuns: runs.map { ItemRun(old: Int($0.old_start), new: Int($0.new_start), count: Int($0.count)) }
                ))
            return Int32(WB_OK)
        }

    static let preferredAttributes:
        @convention(c) (
            OpaquePointer?, wb_element, wb_size, UnsafeMutablePointer<wb_preferred_answer>?,
            UnsafeMutablePointer<wb_error>?
        ) -> Int32 = {
            handle, element, preferred, answerOut, _ in
            let instance = LayoutInstance.from(handle)
            guard let id = ElementID(element, kinds: instance.kinds),
                let answer = instance.layout.preferredAttributes(Size(preferred), for: id)
            else { return 0 }
            answerOut?.pointee = wb_preferred_answer(
                size: answer.size.abi, invalidation: answer.invalidation.rawValue, reserved: 0)
            return 1
        }

    static let changedElements:
        @convention(c) (OpaquePointer?, Int64, UnsafeMutablePointer<wb_attributes_sink>?) -> Int64 = {
            handle, limit, sink in
            let instance = LayoutInstance.from(handle)
            guard let changes = instance.layout.changedElements(limit: Int(clamping: max(0, limit))) else { return -1 }
            return instance.write(changes.first, to: sink!) == Int32(WB_OK) ? Int64(changes.count) : -1
        }

    static let transitionAttributes:
        @convention(c) (OpaquePointer?, wb_element, Int32, wb_rect, UnsafeMutablePointer<wb_attributes_sink>?) -> Int32 =
            {
                handle, element, isAppearing, bounds, sink in
                let instance = LayoutInstance.from(handle)
                guard let id = ElementID(element, kinds: instance.kinds) else { return 0 }
                let attributes =
                    isAppearing != 0
                    ? instance.layout.initialAttributes(forAppearing: id, in: Rect(bounds))
                    : instance.layout.finalAttributes(forDisappearing: id, in: Rect(bounds))
                guard let attributes else { return 0 }
                return instance.write(attributes, to: sink!)
            }
}

extension LayoutInstance {
    /// Writes one element's attributes: 1 when written, negative when the sink refused.
    func write(_ attributes: LayoutAttributes, to sink: UnsafeMutablePointer<wb_attributes_sink>) -> Int32 {
        sink.append(attributes, kindIndex: kindIndex, scratch: &extraWriter) ? 1 : -Int32(WB_ERROR_LAYOUT)
    }
}
