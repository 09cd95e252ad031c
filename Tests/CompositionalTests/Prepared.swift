import Compositional
import LayoutKit

/// Makes and prepares layouts for the tests.
enum Prepared {
    static let phone = Rect(x: 0, y: 0, width: 375, height: 667)

    /// A layout made from `options`, prepared for sections of `counts` items at `bounds`.
    static func layout(_ options: [String: Value], counts: [Int], bounds: Rect = phone) throws -> CompositionalLayout {
        let layout = try CompositionalLayout(options: Options(options))
        try layout.prepare(LayoutContext(dataSource: data(counts).source, bounds: bounds))
        return layout
    }

    /// Sections of `counts` items, each item a number (only counts matter).
    static func data(_ counts: [Int]) -> DataSet {
        DataSet.sections(counts.map { count in (0..<count).map { .number(Double($0)) } })
    }

    /// The error a description or a layout gives, or nil.
    static func error(_ options: [String: Value], counts: [Int] = [3], bounds: Rect = phone) -> LayoutError? {
        do {
            _ = try layout(options, counts: counts, bounds: bounds)
            return nil
        } catch {
            return error as? LayoutError
        }
    }

    /// The elements of the whole layout, in canonical order.
    static func all(_ layout: CompositionalLayout) -> [LayoutAttributes] {
        layout.elements(in: .everything)
    }
}
