/// What `prepare` works from: the data, the collection view's bounds, a way to notice that
/// the host no longer wants the result, and a way to tell it how far the work has got.
public struct LayoutContext: @unchecked Sendable {
    // Unchecked: `cancelFlag` is only read, and the host writes it atomically; `progress` is the host's callback,
    // called on the preparing thread.
    public var dataSource: DataSource
    public var bounds: Rect
    /// The view's direction. A plugin whose `PluginInfo.flipsHorizontally` is true lays out
    /// left to right whatever this says (the host mirrors it); any other reads it here.
    public var direction: LayoutDirection
    let cancelFlag: UnsafePointer<Int32>?
    let progress: ((Double) -> Void)?

    /// - Parameter progress: receives `reportProgress`'s fractions (tests, in-process hosts).
    public init(
        dataSource: DataSource, bounds: Rect, direction: LayoutDirection = .leftToRight,
        progress: ((Double) -> Void)? = nil
    ) {
        self.init(dataSource: dataSource, bounds: bounds, direction: direction, cancelFlag: nil, progress: progress)
    }

    init(
        dataSource: DataSource, bounds: Rect, direction: LayoutDirection, cancelFlag: UnsafePointer<Int32>?,
        progress: ((Double) -> Void)?
    ) {
        self.dataSource = dataSource
        self.bounds = bounds
        self.direction = direction
        self.cancelFlag = cancelFlag
        self.progress = progress
    }

    /// Tells the host how much of the work is done (0…1, never decreasing). Call it from a
    /// long loop now and then (every few thousand elements), not for every element.
    public func reportProgress(_ fraction: Double) {
        guard let progress, fraction.isFinite else { return }
        progress(min(1, max(0, fraction)))
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
