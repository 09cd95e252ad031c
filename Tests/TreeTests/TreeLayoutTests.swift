import LayoutChecker
import LayoutKit
import ReferenceLayouts
import TestSupport
import Testing
import Tree

struct TreeLayoutTests {
    /// A(B(D, E), C) and F: sections [A, F], [B, C], [D, E].
    static let forest: DataSet = {
        var builder = DataSetBuilder(isTree: true)
        builder.append(["name": "A"], children: [2, 3])
        builder.append(["name": "F"])
        builder.endSection()
        builder.append(["name": "B"], children: [4, 5])
        builder.append(["name": "C"])
        builder.endSection()
        builder.append(["name": "D"])
        builder.append(["name": "E"])
        builder.endSection()
        return builder.build()
    }()

    static func prepared(_ data: DataSet, options: [String: Value] = [:]) throws -> TreeLayout {
        let layout = try TreeLayout(options: Options(options))
        try layout.prepare(LayoutContext(dataSource: data.source, bounds: Rect(x: 0, y: 0, width: 375, height: 667)))
        return layout
    }

    static func cell(_ section: Int, _ item: Int, x: Double, y: Double, children: [[Int]]) -> LayoutAttributes {
        LayoutAttributes(
            element: .cell(section, item), frame: Rect(x: x, y: y, width: 120, height: 40),
            extra: ["children": .list(children.map { .list($0.map { .number(Double($0)) }) })])
    }

    @Test func framesFollowTheRowCountsAndTheConnectorsSpanTheChildren() throws {
        let layout = try Self.prepared(Self.forest)
        #expect(
            layout.elements(in: .everything) == [
                Self.cell(0, 0, x: 10, y: 10, children: [[1, 0], [1, 1]]),
                Self.cell(0, 1, x: 10, y: 190, children: []),
                Self.cell(1, 0, x: 150, y: 10, children: [[2, 0], [2, 1]]),
                Self.cell(1, 1, x: 150, y: 130, children: []),
                Self.cell(2, 0, x: 290, y: 10, children: []),
                Self.cell(2, 1, x: 290, y: 70, children: []),
                LayoutAttributes(
                    element: .supplementary("connector", 0, 0), frame: Rect(x: 130, y: 10, width: 20, height: 160)),
                LayoutAttributes(
                    element: .supplementary("connector", 1, 0), frame: Rect(x: 270, y: 10, width: 20, height: 100)),
            ])
        #expect(layout.contentSize == Size(width: 420, height: 240))
    }

    @Test func optionsChangeTheGrid() throws {
        let layout = try Self.prepared(Self.forest, options: ["itemSize": ["width": 50, "height": 20], "insets": 5])
        #expect(layout.attributes(for: .cell(2, 1))?.frame == Rect(x: 125, y: 35, width: 50, height: 20))
        #expect(
            layout.attributes(for: .supplementary("connector", 0, 0))?.frame == Rect(x: 55, y: 5, width: 10, height: 80)
        )
        #expect(layout.contentSize == Size(width: 180, height: 120))
    }

    @Test func lookupsAnswerOnlyForElementsThatExist() throws {
        let layout = try Self.prepared(Self.forest)
        #expect(layout.attributes(for: .supplementary("connector", 1, 1)) == nil)  // C has no children
        #expect(layout.attributes(for: .supplementary("elbow", 0, 0)) == nil)
        #expect(layout.attributes(for: .cell(3, 0)) == nil)
        #expect(layout.attributes(for: .cell(0, 2)) == nil)
        #expect(
            layout.elements(in: Rect(x: 131, y: 100, width: 5, height: 5)).map(\.element) == [
                .supplementary("connector", 0, 0)
            ])
    }

    @Test func boundsChangesNeverInvalidate() throws {
        let layout = try Self.prepared(Self.forest)
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 40, y: 90, width: 1024, height: 768)))
    }

    @Test func aSourceWithoutChildrenIsRefused() throws {
        let layout = try TreeLayout(options: Options())
        #expect(
            throws: LayoutError.data(
                item: nil, field: nil, message: "tree lays out a 'tree' source; this one has no children")
        ) {
            try layout.prepare(LayoutContext(dataSource: DataSet.items([1]).source, bounds: .zero))
        }
        try layout.prepare(LayoutContext(dataSource: DataSet.empty.source, bounds: .zero))
        #expect(layout.contentSize == .zero)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func queriesEqualTheSeedsLayoutOnRandomTrees(seed: UInt64) throws {
        let data = RandomTree.make(nodes: 300 * Int(seed), maxChildren: Int(seed) + 2, seed: seed)
        let options: [String: Value] =
            seed.isMultiple(of: 2) ? ["itemSize": ["width": 80, "height": 25], "insets": ["left": 3, "top": 7]] : [:]
        let engine = try Self.prepared(data, options: options)
        let reference =
            seed.isMultiple(of: 2)
            ? ReferenceTreeLayout(
                itemSize: Size(width: 80, height: 25), insets: EdgeInsets(top: 7, left: 3, bottom: 10, right: 10))
            : ReferenceTreeLayout()
        try reference.prepare(LayoutContext(dataSource: data.source, bounds: .zero))
        #expect(engine.elements(in: .everything) == reference.elements(in: .everything))
        let rects = CheckRects.random(200, around: engine.contentSize, seed: seed)
        #expect(LayoutComparison.firstDisagreement(engine, reference, rects: rects) == nil)
    }
}

/// Random trees built breadth first, as the workspace's `tree` source shapes them.
enum RandomTree {
    static func make(nodes: Int, maxChildren: Int, seed: UInt64) -> DataSet {
        var random = SplitMix(seed: seed)
        var levels: [[Int]] = [[]]  // child counts per level
        var remaining = nodes - 1, level = 0
        levels[0] = [0, 0]
        remaining -= 1
        while remaining > 0 {
            var next: [Int] = []
            for index in levels[level].indices where remaining > 0 {
                let count = min(remaining, random.next(in: 0...maxChildren))
                levels[level][index] = count
                next += Array(repeating: 0, count: count)
                remaining -= count
            }
            if next.isEmpty, remaining > 0 { levels[level][levels[level].count - 1] += 1; next = [0]; remaining -= 1 }
            levels.append(next)
            level += 1
        }
        var builder = DataSetBuilder(isTree: true)
        var nextChild = levels[0].count
        for counts in levels {
            for count in counts {
                builder.append(
                    ["name": .string("N\(builder.itemCount)")], children: Array(nextChild..<(nextChild + count)))
                nextChild += count
            }
            builder.endSection()
        }
        return builder.build()
    }
}
