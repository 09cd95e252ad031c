/// What `prepare` works from: the data, the collection view's bounds, and a way to notice
/// that the host no longer wants the result.
public struct LayoutContext: @unchecked Sendable {  // Unchecked: `cancelFlag` is only read, and the host writes it atomically.
    public var dataSource: DataSource
    public var bounds: Rect
    let cancelFlag: UnsafePointer<Int32>?

    public init(dataSource: DataSource, bounds: Rect) {
        self.init(dataSource: dataSource, bounds: bounds, cancelFlag: nil)
    }

    init(dataSource: DataSource, bounds: Rect, cancelFlag: UnsafePointer<Int32>?) {
        self.dataSource = dataSource
        self.bounds = bounds
        self.cancelFlag = cancelFlag
    }

    /// Whether the host cancelled this prepare; long loops should check it now and then.
    public var isCancelled: Bool {
        guard let cancelFlag else { return false }
        return UnsafeRawPointer(cancelFlag).withMemoryRebound(to: Int32.self, capacity: 1) {
            _readVolatile($0)
        } != 0
    }

    /// Throws `.cancelled` if the host cancelled this prepare.
    public func checkCancellation() throws(LayoutError) {
        if isCancelled { throw .cancelled }
    }
}

/// A read the optimiser cannot hoist out of a loop.
@inline(never)
private func _readVolatile(_ pointer: UnsafePointer<Int32>) -> Int32 {
    pointer.pointee
}
