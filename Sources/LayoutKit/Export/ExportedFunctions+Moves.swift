internal import CLayoutABI

/// The C entry points of ABI 2.2's optional functions: drag to reorder and transitions.
extension ExportedFunctions {
    static let targetForMovingItem:
        @convention(c) (
            OpaquePointer?, wb_element, wb_point, UnsafeMutablePointer<wb_element>?, UnsafeMutablePointer<wb_error>?
        ) -> Int32 = {
            handle, item, position, targetOut, _ in
            let instance = LayoutInstance.from(handle)
            guard
                let target = instance.layout.targetForMovingItem(
                    ItemPath(section: Int(item.section), item: Int(item.item)), at: Point(position))
            else {
                return 0
            }
            targetOut?.pointee = wb_element(
                category: Int32(WB_CATEGORY_CELL), kind: -1, section: Int64(target.section), item: Int64(target.item))
            return 1
        }

    static let movingItemAttributes:
        @convention(c) (
            OpaquePointer?, wb_element, wb_point, UnsafeMutablePointer<wb_attributes_sink>?,
            UnsafeMutablePointer<wb_error>?
        ) -> Int32 = {
            handle, item, position, sink, _ in
            let instance = LayoutInstance.from(handle)
            guard
                let attributes = instance.layout.movingItemAttributes(
                    for: ItemPath(section: Int(item.section), item: Int(item.item)), at: Point(position))
            else {
                return 0
            }
            return instance.write(attributes, to: sink!)
        }

    static let targetContentOffsetForProposed: @convention(c) (OpaquePointer?, wb_point) -> wb_point = {
        handle, proposed in
        LayoutInstance.from(handle).layout.targetContentOffset(forProposedContentOffset: Point(proposed)).abi
    }
}
