import LayoutKit

/// One size of one benchmark workload: the data, the bounds, and how to make the engine and
/// the seed-faithful reference that lay it out.
public struct Workload {
    /// The layout's name (`circles`, `tree`, `mark-sheet`, `guide`).
    public var layout: String
    public var elements: Int
    public var data: DataSet
    public var bounds: Rect
    public var makeEngine: () throws -> any Layout
    public var makeReference: () -> any Layout
    /// Bytes the prepared engine keeps per element, if it keeps any.
    public var bytesPerElement: (any Layout) -> Double

    public init(
        layout: String, elements: Int, data: DataSet, bounds: Rect, makeEngine: @escaping () throws -> any Layout,
        makeReference: @escaping () -> any Layout, bytesPerElement: @escaping (any Layout) -> Double = { _ in 0 }
    ) {
        self.layout = layout
        self.elements = elements
        self.data = data
        self.bounds = bounds
        self.makeEngine = makeEngine
        self.makeReference = makeReference
        self.bytesPerElement = bytesPerElement
    }

    /// The context to prepare a layout of this workload with.
    public var context: LayoutContext { LayoutContext(dataSource: data.source, bounds: bounds) }
}
