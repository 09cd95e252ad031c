import Circles
import LayoutKit
import ReferenceLayouts
import Testing

/// The seed's alarms, laid out by the seed's rules (worked out independently, step by step).
struct CirclesSeedTests {
    static let alarms: [Value] = [120, 160, 80, 120, 80, 140, 100, 200]

    static func prepared(_ items: [Value], width: Double, options: [String: Value] = [:]) throws -> CirclesLayout {
        let layout = try CirclesLayout(options: Options(options))
        try layout.prepare(
            LayoutContext(dataSource: DataSet.items(items).source, bounds: Rect(x: 0, y: 0, width: width, height: 667)))
        return layout
    }

    @Test func seedAlarmsOnAPhoneWidthLandWhereTheSeedPutsThem() throws {
        let layout = try Self.prepared(Self.alarms, width: 375)
        let expected: [(Double, Double, Double)] = [
            (20, 20, 120), (150, 20, 160), (75, 145, 80), (225, 180, 120),
            (135, 215, 80), (20, 270, 140), (170, 295, 100), (75, 400, 200),
        ]
        let frames = layout.elements(in: .everything).map(\.frame)
        #expect(frames == expected.map { Rect(x: $0.0, y: $0.1, width: $0.2, height: $0.2) })
        #expect(layout.contentSize == Size(width: 375, height: 620))
    }

    @Test func seedAlarmsOnAWiderViewFillLongerRows() throws {
        let layout = try Self.prepared(Self.alarms, width: 600)
        let origins = layout.elements(in: .everything).map { [$0.frame.minX, $0.frame.minY] }
        #expect(
            origins == [
                [20, 20], [150, 20], [315, 20], [405, 20], [310, 110], [20, 115], [170, 115], [365, 150],
            ])
        #expect(layout.contentSize == Size(width: 600, height: 370))
    }

    @Test func mapItemsGiveTheirSize() throws {
        let layout = try Self.prepared([["size": 120, "label": "7:00"], 160], width: 375)
        #expect(layout.attributes(for: .cell(0, 1))?.frame == Rect(x: 150, y: 20, width: 160, height: 160))
    }

    @Test func noItemsGiveJustTheInsets() throws {
        let layout = try Self.prepared([], width: 375)
        #expect(layout.contentSize == Size(width: 375, height: 40))
        #expect(layout.elements(in: .everything).isEmpty)
    }

    @Test func onlyAWidthChangeInvalidates() throws {
        let layout = try Self.prepared(Self.alarms, width: 375)
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 300, width: 375, height: 667)))
        #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 375, height: 200)))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 376, height: 667)))
    }

    @Test func appearingElementsStartTransparentInTheMiddleOfTheBounds() throws {
        let layout = try Self.prepared(Self.alarms, width: 375)
        let initial = layout.initialAttributes(
            forAppearing: .cell(0, 0), in: Rect(x: 0, y: 100, width: 375, height: 667))
        #expect(initial?.alpha == 0)
        #expect(initial?.frame == Rect(x: 127.5, y: 373.5, width: 120, height: 120))
        #expect(layout.attributes(for: .cell(0, 8)) == nil)
        #expect(layout.attributes(for: .supplementary("x", 0, 0)) == nil)
    }
}
