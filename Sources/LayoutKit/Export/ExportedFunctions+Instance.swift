internal import CLayoutABI

/// The C entry points of ABI 2.3's optional functions: what a layout made from options makes.
extension ExportedFunctions {
    static let instanceKinds:
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UnsafePointer<UnsafePointer<CChar>?>?>?,
            UnsafeMutablePointer<UnsafePointer<Int32>?>?
        ) -> Int32 = {
            handle, kindsOut, categoriesOut in
            guard let table = LayoutInstance.from(handle).instanceKinds else { return -1 }
            kindsOut?.pointee = UnsafePointer(table.names)
            categoriesOut?.pointee = UnsafePointer(table.categories)
            return Int32(table.count)
        }

    static let elementBudget:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?) -> Int32 = {
            handle, perItem, perSection in
            guard let budget = LayoutInstance.from(handle).layout.elementBudget else { return 0 }
            perItem?.pointee = Int64(budget.perItem)
            perSection?.pointee = Int64(budget.perSection)
            return 1
        }

    static let contentOverflow: @convention(c) (OpaquePointer?) -> UInt32 = { handle in
        LayoutInstance.from(handle).layout.contentOverflow.rawValue
    }
}

/// An instance's own kinds as the C arrays `instance_kinds` hands out, alive as long as the instance.
final class InstanceKindTable {
    let count: Int
    let names: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let categories: UnsafeMutablePointer<Int32>

    init(_ kinds: [ElementKind]) {
        count = kinds.count
        names = .allocate(capacity: max(1, count))
        categories = .allocate(capacity: max(1, count))
        for (index, kind) in kinds.enumerated() {
            let bytes = Array(kind.name.utf8CString)
            let name = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            name.initialize(from: bytes, count: bytes.count)
            (names + index).initialize(to: UnsafePointer(name))
            (categories + index).initialize(to: Int32(kind.category.rawValue))
        }
    }

    deinit {
        for index in 0..<count { UnsafeMutablePointer(mutating: names[index])?.deallocate() }
        names.deallocate()
        categories.deallocate()
    }
}
