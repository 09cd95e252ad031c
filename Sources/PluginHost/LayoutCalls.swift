package import CLayoutABI

/// One layout's C function table, called the one way both backends call it: in this process
/// (`InProcessInstance`) and in a plugin process's child (`ChildServer`). An optional function
/// the plugin lacks answers what the ABI says its absence means.
package struct LayoutCalls {
    package let functions: wb_layout_functions
    package let handle: OpaquePointer

    package init(functions: wb_layout_functions, handle: OpaquePointer) {
        self.functions = functions
        self.handle = handle
    }

    package func destroy() { functions.destroy(handle) }

    package func prepare(
        _ data: UnsafePointer<wb_data_source>, bounds: wb_rect, context: inout wb_prepare_context
    ) -> (status: Int32, error: wb_error) {
        var error = wb_error()
        let status = functions.prepare(handle, data, bounds, &context, &error)
        return (status, error)
    }

    /// Gives the layout a batch update; without `prepare_for_updates`, its data is invalidated.
    package func prepareForUpdates(_ batch: UnsafePointer<wb_update_batch>) -> (status: Int32, error: wb_error) {
        guard let prepareForUpdates = functions.prepare_for_updates else {
            invalidate(UInt32(WB_INVALIDATE_DATA))
            return (Int32(WB_OK), wb_error())
        }
        var error = wb_error()
        let status = prepareForUpdates(handle, batch, &error)
        return (status, error)
    }

    package func contentSize() -> wb_size { functions.content_size(handle) }

    package func elementCount() -> Int64 { functions.element_count(handle) }

    /// Declared overflow (ABI 2.3); none without `content_overflow`.
    package func contentOverflow() -> UInt32 { functions.content_overflow?(handle) ?? 0 }

    package func elements(in rect: wb_rect, into sink: UnsafeMutablePointer<wb_attributes_sink>)
        -> (status: Int32, error: wb_error)
    {
        var error = wb_error()
        let status = functions.elements_in_rect(handle, rect, sink, &error)
        return (status, error)
    }

    package func attributes(for element: wb_element, into sink: UnsafeMutablePointer<wb_attributes_sink>)
        -> (status: Int32, error: wb_error)
    {
        var error = wb_error()
        let status = functions.attributes_for_element(handle, element, sink, &error)
        return (status, error)
    }

    package func transitionAttributes(
        for element: wb_element, isAppearing: Bool, in bounds: wb_rect,
        into sink: UnsafeMutablePointer<wb_attributes_sink>
    ) -> Int32 {
        functions.transition_attributes(handle, element, isAppearing ? 1 : 0, bounds, sink)
    }

    package func shouldInvalidate(forBoundsChange bounds: wb_rect) -> Bool {
        functions.should_invalidate_for_bounds_change(handle, bounds) != 0
    }

    package func invalidation(forBoundsChange bounds: wb_rect) -> UInt32 {
        functions.invalidation_for_bounds_change(handle, bounds)
    }

    package func invalidate(_ flags: UInt32) { functions.invalidate(handle, flags) }

    package func targetContentOffset(proposed: wb_point, velocity: wb_point) -> wb_point {
        functions.target_content_offset(handle, proposed, velocity)
    }

    /// ABI 2.2: the proposed offset itself without `target_content_offset_for_proposed`.
    package func targetContentOffset(forProposed proposed: wb_point) -> wb_point {
        functions.target_content_offset_for_proposed?(handle, proposed) ?? proposed
    }

    /// ABI 2.1: status 0 (not taken) without `preferred_attributes`.
    package func preferredAttributes(for element: wb_element, size: wb_size)
        -> (status: Int32, answer: wb_preferred_answer, error: wb_error)
    {
        var answer = wb_preferred_answer(), error = wb_error()
        let status = functions.preferred_attributes?(handle, element, size, &answer, &error) ?? 0
        return (status, answer, error)
    }

    /// ABI 2.1: what the last prepare moved, with the total (negative: unknown); nil without
    /// `changed_elements`.
    package func changedElements(limit: Int64, into sink: UnsafeMutablePointer<wb_attributes_sink>) -> Int64? {
        functions.changed_elements.map { $0(handle, limit, sink) }
    }

    /// ABI 2.2: status 0 (no target) without `target_for_moving_item`.
    package func targetForMovingItem(_ item: wb_element, at position: wb_point)
        -> (status: Int32, target: wb_element, error: wb_error)
    {
        var target = wb_element(), error = wb_error()
        let status = functions.target_for_moving_item?(handle, item, position, &target, &error) ?? 0
        return (status, target, error)
    }

    /// ABI 2.2: status 0 (no attributes) without `moving_item_attributes`.
    package func movingItemAttributes(
        for item: wb_element, at position: wb_point, into sink: UnsafeMutablePointer<wb_attributes_sink>
    ) -> (status: Int32, error: wb_error) {
        var error = wb_error()
        let status = functions.moving_item_attributes?(handle, item, position, sink, &error) ?? 0
        return (status, error)
    }
}
