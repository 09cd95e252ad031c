import LayoutChecker
import LayoutKit
import MarkSheet
import ReferenceLayouts
import TestSupport
import Testing

struct MarkSheetLayoutTests {
    static func table(rows: Int, columns: Int, titled: Bool = true) -> DataSet {
        var builder = DataSetBuilder()
        for row in 0..<rows {
            for column in 0..<columns { builder.appendNumber(Double(row * 10 + column)) }
            builder.endSection()
        }
        if titled {
            builder.metadata = [
                "columns": .list((0..<columns).map { .string("S\($0)") }),
                "rows": .list((0..<rows).map { .string("R\($0)") }),
            ]
        }
        return builder.build()
    }

    static func prepared(_ data: DataSet, width: Double, options: [String: Value] = [:]) throws -> MarkSheetLayout {
        let layout = try MarkSheetLayout(options: Options(options))
        try layout.prepare(LayoutContext(dataSource: data.source, bounds: Rect(x: 0, y: 0, width: width, height: 600)))
        return layout
    }

    @Test func framesFollowTheSeedsFormulas() throws {
        let layout = try Self.prepared(Self.table(rows: 2, columns: 3), width: 400)
        #expect(
            layout.attributes(for: .cell(1, 2))
                == LayoutAttributes(element: .cell(1, 2), frame: Rect(x: 300, y: 90, width: 100, height: 50)))
        #expect(
            layout.attributes(for: .supplementary("columnHeader", 0, 1))
                == LayoutAttributes(
                    element: .supplementary("columnHeader", 0, 1), frame: Rect(x: 200, y: 0, width: 100, height: 40),
                    extra: ["title": "S1"]))
        #expect(
            layout.attributes(for: .supplementary("rowHeader", 1, 0))
                == LayoutAttributes(
                    element: .supplementary("rowHeader", 1, 0), frame: Rect(x: 0, y: 90, width: 100, height: 50),
                    extra: ["title": "R1"]))
        #expect(
            layout.attributes(for: .decoration("separator", 1, 0))
                == LayoutAttributes(
                    element: .decoration("separator", 1, 0), frame: Rect(x: 0, y: 90, width: 400, height: 1), zIndex: 2)
        )
        #expect(layout.contentSize == Size(width: 400, height: 140))
        #expect(layout.elements(in: .everything).count == 6 + 3 + 2 + 2)
    }

    @Test func queriesAreExactNotTheSeedsSuperset() throws {
        let layout = try Self.prepared(Self.table(rows: 2, columns: 3), width: 400)
        #expect(
            layout.elements(in: Rect(x: 250, y: 0, width: 10, height: 10)).map(\.element) == [
                .supplementary("columnHeader", 0, 1)
            ])
        #expect(
            layout.elements(in: Rect(x: 350, y: 89.5, width: 10, height: 1)).map(\.element)
                == [.cell(0, 2), .cell(1, 2), .decoration("separator", 1, 0)])
        #expect(layout.elements(in: Rect(x: 0, y: 500, width: 400, height: 100)).isEmpty)  // below the content
        #expect(layout.elements(in: Rect(x: 300, y: 40, width: 0, height: 0)).isEmpty)  // a point on a corner
    }

    @Test func optionsAndMissingTitles() throws {
        let layout = try Self.prepared(
            Self.table(rows: 3, columns: 2, titled: false), width: 300,
            options: ["rowHeaderWidth": 60, "rowHeight": 20, "columnHeaderHeight": 10, "separatorHeight": 2])
        #expect(layout.attributes(for: .cell(2, 1))?.frame == Rect(x: 180, y: 50, width: 120, height: 20))
        #expect(layout.attributes(for: .supplementary("rowHeader", 2, 0))?.extra == ["title": "Row 3"])
        #expect(
            layout.attributes(for: .decoration("separator", 2, 0))?.frame == Rect(x: 0, y: 50, width: 300, height: 2))
        #expect(layout.attributes(for: .supplementary("rowHeader", 2, 1)) == nil)
        #expect(layout.attributes(for: .cell(3, 0)) == nil)
    }

    @Test func onlyAWidthChangeInvalidates() throws {
        let layout = try Self.prepared(Self.table(rows: 2, columns: 3), width: 400)
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 120, width: 400, height: 300)))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 500, height: 600)))
        try layout.prepare(
            LayoutContext(
                dataSource: Self.table(rows: 2, columns: 3).source, bounds: Rect(x: 0, y: 0, width: 700, height: 600)))
        #expect(layout.attributes(for: .cell(0, 1))?.frame == Rect(x: 300, y: 40, width: 200, height: 50))
    }

    @Test func aViewNarrowerThanTheRowHeadersIsAnError() throws {
        #expect(throws: LayoutError.layout(message: "the view (80 wide) is no wider than the row headers (100)")) {
            try Self.prepared(Self.table(rows: 1, columns: 1), width: 80)
        }
    }

    @Test(
        arguments: [(1, 1, 320.0), (7, 5, 375), (40, 12, 1024), (1000, 3, 333.3), (0, 0, 400), (3, 0, 400)]
            as [(Int, Int, Double)])
    func queriesEqualABruteForceLayout(rows: Int, columns: Int, width: Double) throws {
        let data = Self.table(rows: rows, columns: columns)
        let engine = try Self.prepared(data, width: width)
        let reference = ReferenceMarkSheetLayout()
        try reference.prepare(
            LayoutContext(dataSource: data.source, bounds: Rect(x: 0, y: 0, width: width, height: 600)))
        #expect(engine.elements(in: .everything) == reference.elements(in: .everything))
        let rects = CheckRects.random(300, around: engine.contentSize, seed: UInt64(rows * 31 + columns))
        #expect(LayoutComparison.firstDisagreement(engine, reference, rects: rects) == nil)
    }
}
