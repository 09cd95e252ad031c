import LayoutKit

/// A layout written from a contract rather than a seed (`ReferenceFlow`, `ReferenceCompositional`:
/// the rules of shared/contracts/ written out plainly), as the seeds' own layouts work: every
/// element computed and cached in prepare, a linear scan per rect query, everything again on any
/// bounds change. The benchmarks' yardstick for the flow and compositional plugins.
public final class ReferenceContractLayout: Layout {
    /// Every element and the content size, for the data and the bounds.
    public typealias Solver = (DataSource, Rect) throws(LayoutError) -> (
        elements: [LayoutAttributes], contentSize: Size
    )

    let solve: Solver
    var all: [LayoutAttributes] = []
    public private(set) var contentSize = Size.zero

    public init(_ solve: @escaping Solver) { self.solve = solve }

    /// UIKit's flow layout with `options`, from `ReferenceFlow` (reading every item's value).
    public static func flow(options: [String: Value]) -> ReferenceContractLayout {
        let reference = ReferenceFlow.matching(options)
        return ReferenceContractLayout { data, bounds in
            let sections = (0..<data.numberOfSections).map { section in
                (0..<data.numberOfItems(inSection: section)).map {
                    data.value(at: ItemPath(section: section, item: $0))
                }
            }
            let laidOut = reference.layout(sections, bounds: bounds)
            return (laidOut.elements, laidOut.contentSize)
        }
    }

    /// UIKit's compositional layout with `options`, from `ReferenceCompositional` (counts only).
    public static func compositional(options: [String: Value]) -> ReferenceContractLayout {
        ReferenceContractLayout { data, bounds throws(LayoutError) in
            let counts = (0..<data.numberOfSections).map { data.numberOfItems(inSection: $0) }
            do throws(ReferenceCompositional.Failure) {
                let laidOut = try ReferenceCompositional(options: options, counts: counts, bounds: bounds).layout()
                return (laidOut.elements, laidOut.contentSize)
            } catch {
                throw .layout(message: error.message)
            }
        }
    }

    public func prepare(_ context: LayoutContext) throws(LayoutError) {
        (all, contentSize) = try solve(context.dataSource, context.bounds)
    }

    public func elements(in rect: Rect, into result: inout [LayoutAttributes]) {
        for attributes in all where attributes.frame.intersects(rect) { result.append(attributes) }
    }

    public func attributes(for element: ElementID) -> LayoutAttributes? {
        all.first { $0.element == element }
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { true }

    public var numberOfElements: Int? { all.count }
}
