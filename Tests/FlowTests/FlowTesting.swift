import Flow
import LayoutKit
import SeededRandom

/// What the flow tests share: making and preparing a layout, every element through the
/// element query, and a seeded generator.
enum FlowTesting {
    static func layout(_ options: [String: Value] = [:]) throws -> FlowLayout {
        try FlowLayout(options: Options(options))
    }

    /// A layout with `options`, prepared for `sections` at `bounds`.
    static func prepared(_ options: [String: Value], _ sections: [[Value]], bounds: Rect) throws -> FlowLayout {
        let layout = try FlowLayout(options: Options(options))
        try layout.prepare(LayoutContext(dataSource: DataSet.sections(sections).source, bounds: bounds))
        return layout
    }

    /// A vertical viewport `width` wide (and 600 high) at the origin.
    static func viewport(width: Double, height: Double = 600) -> Rect {
        Rect(x: 0, y: 0, width: width, height: height)
    }

    /// `count` items of no size of their own.
    static func plain(_ count: Int) -> [Value] { Array(repeating: .null, count: count) }

    /// Items with these widths (and `height`).
    static func widths(_ widths: [Double], height: Double) -> [Value] {
        widths.map { ["width": .number($0), "height": .number(height)] }
    }

    /// Every element the layout has, asked one by one through `attributes(for:)`, in
    /// canonical order: cells, then footers, then headers.
    static func allElements(of layout: FlowLayout, sections: [[Value]]) -> [LayoutAttributes] {
        var cells: [LayoutAttributes] = [], footers: [LayoutAttributes] = [], headers: [LayoutAttributes] = []
        for (section, items) in sections.enumerated() {
            for item in items.indices {
                if let attributes = layout.attributes(for: .cell(section, item)) { cells.append(attributes) }
            }
            if let footer = layout.attributes(for: .supplementary("footer", section, 0)) { footers.append(footer) }
            if let header = layout.attributes(for: .supplementary("header", section, 0)) { headers.append(header) }
        }
        return cells + footers + headers
    }

    /// The cells' frames of section 0, by item.
    static func frames(_ layout: FlowLayout, _ count: Int, section: Int = 0) -> [Rect] {
        (0..<count).map { layout.attributes(for: .cell(section, $0))!.frame }
    }
}

/// The project's SplitMix64 with the draws these tests make: test data from a seed, the same on every run.
struct TestRandom {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A whole number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int { generator.next(in: range) }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[next(in: 0...(choices.count - 1))] }

    mutating func chance(_ percent: Int) -> Bool { next(in: 0...99) < percent }
}
