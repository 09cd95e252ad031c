import Circles
import Compositional
import Flow
import Guide
import LayoutKit
import MarkSheet
import ReferenceLayouts
import Tree
import Waterfall
import WorkspaceModel

/// The data and layouts the benchmarks run, at a given number of elements: the same in
/// `workbench-bench` and in `Benchmarks/`' peer benchmark.
public enum Workloads {
    /// Circles of diameters 40…120 from the bench's LCG (seed 42), one section, a phone's bounds.
    public static func circles(_ count: Int) -> Workload {
        var builder = DataSetBuilder()
        var random = Generator(seed: 42)
        for _ in 0..<count { builder.appendNumber(Double(40 + random.next() % 81)) }
        builder.endSection()
        return Workload(
            layout: "circles", elements: count, data: builder.build(),
            bounds: Rect(x: 0, y: 0, width: 375, height: 667),
            makeEngine: { try CirclesLayout(options: Options()) }, makeReference: { ReferenceCirclesLayout() },
            bytesPerElement: { Double(($0 as! CirclesLayout).indexByteCount) / Double(count) })
    }

    /// A random tree of `nodes` nodes, made by the workspace's own generator
    /// (`generate: {nodes, fanout: 3}`: 0…6 children each).
    public static func tree(_ nodes: Int) -> Workload {
        let text = "sources: {tree: {generate: {nodes: \(nodes), fanout: 3, seed: 7}}}"
        let data = try! WorkspaceLoader().load(text: text, directory: "/").sources["tree"]!.data
        return Workload(
            layout: "tree", elements: nodes, data: data, bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try TreeLayout(options: Options()) }, makeReference: { ReferenceTreeLayout() },
            bytesPerElement: { Double(($0 as! TreeLayout).indexByteCount) / Double(nodes) })
    }

    /// A square-ish table of about `cells` marks.
    public static func markSheet(_ cells: Int) -> Workload {
        let side = Int(Double(cells).squareRoot().rounded())
        var builder = DataSetBuilder()
        var random = Generator(seed: 3)
        for _ in 0..<side {
            for _ in 0..<side { builder.appendNumber(Double(random.next() % 101)) }
            builder.endSection()
        }
        return Workload(
            layout: "mark-sheet", elements: side * side, data: builder.build(),
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try MarkSheetLayout(options: Options()) }, makeReference: { ReferenceMarkSheetLayout() })
    }

    /// `channels` channels × a week of half-hour programmes (336), plus the time row.
    public static func guide(channels: Int) -> Workload {
        var builder = DataSetBuilder()
        for _ in 0...channels {
            for item in 0...336 { builder.appendNumber(Double(item)) }
            builder.endSection()
        }
        return Workload(
            layout: "guide", elements: (channels + 1) * 337, data: builder.build(),
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try GuideLayout(options: Options()) }, makeReference: { ReferenceGuideLayout() },
            bytesPerElement: { _ in Double(GuideLayout.bytesPerItem) })
    }

    /// The guide with about `elements` cells: a week a channel.
    public static func guide(_ elements: Int) -> Workload {
        guide(channels: max(1, elements / 337 - 1))
    }

    /// One section of `count` items, 40…200 points high, in five columns of a 1024-point view:
    /// a viewport shows about 30 of them.
    public static func waterfall(_ count: Int) -> Workload {
        var builder = DataSetBuilder()
        var random = Generator(seed: 19)
        for _ in 0..<count { builder.appendNumber(Double(40 + random.next() % 161)) }
        builder.endSection()
        return Workload(
            layout: "waterfall", elements: count, data: builder.build(),
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            makeEngine: { try WaterfallLayout(options: Options(["columns": 5])) },
            makeReference: { ReferenceWaterfallLayout(columns: 5) },
            bytesPerElement: { Double(($0 as! WaterfallLayout).byteCount) / Double(count) })
    }

    /// UIKit's flow layout, one section of `count` equal items (numbers, as `generate:` makes
    /// them) 120 points square on a phone: the uniform grid path, three to a line.
    public static func flowUniform(_ count: Int) -> Workload {
        var builder = DataSetBuilder()
        for index in 0..<count { builder.appendNumber(Double(index % 100)) }
        builder.endSection()
        let options: [String: Value] = ["itemSize": ["width": 120, "height": 120], "sectionInset": 5]
        return Workload(
            layout: "flow", elements: count, data: builder.build(), bounds: Rect(x: 0, y: 0, width: 390, height: 844),
            makeEngine: { try FlowLayout(options: Options(options)) },
            makeReference: { ReferenceContractLayout.flow(options: options) })
    }

    /// UIKit's flow layout, one section of `count` tags of their own widths (40…200) and
    /// heights (30…60), `{width, height}` maps, on a phone: the line-breaking path.
    public static func flowMixed(_ count: Int) -> Workload {
        var builder = DataSetBuilder()
        var random = Generator(seed: 23)
        for _ in 0..<count {
            builder.append(
                [
                    "width": .number(Double(40 + random.next() % 161)),
                    "height": .number(Double(30 + random.next() % 31)),
                ])
        }
        builder.endSection()
        let options: [String: Value] = ["minimumInteritemSpacing": 8, "sectionInset": 16]
        return Workload(
            layout: "flow", elements: count, data: builder.build(), bounds: Rect(x: 0, y: 0, width: 390, height: 844),
            makeEngine: { try FlowLayout(options: Options(options)) },
            makeReference: { ReferenceContractLayout.flow(options: options) })
    }

    /// UIKit's compositional layout, Apple's Grid sample (five 0.2-wide items a row) over one
    /// section of `count` items on a phone.
    public static func compositionalGrid(_ count: Int) -> Workload {
        var builder = DataSetBuilder()
        for index in 0..<count { builder.appendNumber(Double(index % 100)) }
        builder.endSection()
        let item: Value = ["item": ["size": ["width": ["fractionalWidth": 0.2], "height": ["fractionalHeight": 1.0]]]]
        let group: Value = [
            "horizontal": [
                "size": ["width": ["fractionalWidth": 1.0], "height": ["fractionalWidth": 0.2]], "subitems": [item],
            ]
        ]
        let options: [String: Value] = ["sections": [["group": group]]]
        return Workload(
            layout: "compositional", elements: count, data: builder.build(),
            bounds: Rect(x: 0, y: 0, width: 375, height: 667),
            makeEngine: { try CompositionalLayout(options: Options(options)) },
            makeReference: { ReferenceContractLayout.compositional(options: options) })
    }

    /// The layouts' workloads by name, at about `elements` elements.
    public static func named(_ layout: String, _ elements: Int) -> Workload? {
        switch layout {
        case "circles": return circles(elements)
        case "tree": return tree(elements)
        case "mark-sheet": return markSheet(elements)
        case "guide": return guide(elements)
        case "waterfall": return waterfall(elements)
        default: return nil
        }
    }

    /// Every layout workload's name, in the benchmarks' order.
    public static let layouts = ["circles", "tree", "mark-sheet", "guide", "waterfall"]
}

/// A 64-bit linear congruential generator: fast, deterministic data for benchmarks.
public struct Generator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
