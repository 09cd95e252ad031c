import Compositional
import LayoutKit
import Testing

/// §3.13: well-formed options that cannot be laid out at a viewport name the group at fault.
struct LayoutErrorTests {
    static func oneGroup(_ group: [String: Value]) -> [String: Value] {
        var map = group
        map["size"] = map["size"] ?? Describe.size(Describe.fractionalWidth(1), Describe.absolute(50))
        return Describe.options([Describe.section(["horizontal": .map(map)])])
    }

    static let wide = Describe.item(Describe.absolute(400), Describe.fractionalHeight(1))

    @Test func aGroupThatFitsNoSubitemFails() {
        #expect(
            Prepared.error(Self.oneGroup(["subitems": [Self.wide]]))
                == .layout(
                    message:
                        "sections[0].group.horizontal: the group fits no subitem: its first would end at 400 along a content length of 375"
                ))
        let nested = Describe.group(
            "vertical", Describe.absolute(100), Describe.fractionalHeight(1),
            ["subitems": [Describe.item(Describe.fractionalWidth(1), Describe.absolute(80))]])
        #expect(
            Prepared.error(
                Self.oneGroup(["subitems": [Describe.item(Describe.absolute(10), Describe.absolute(10)), nested]]))
                == .layout(
                    message:
                        "sections[0].group.horizontal.subitems[1].vertical: the group fits no subitem: its first would end "
                        + "at 80 along a content length of 50"))
    }

    @Test func countedCopiesMayNotHaveNegativeSizes() {
        let options = Self.oneGroup([
            "subitem": Describe.item(Describe.fractionalWidth(1), Describe.fractionalHeight(1)), "count": 3,
            "interItemSpacing": ["fixed": 200],
        ])
        let along = (375.0 - 400) / 3
        #expect(
            Prepared.error(options)
                == .layout(
                    message: "sections[0].group.horizontal: 3 copies with their spacing leave each a negative length "
                        + "(\(along.compactDescription)) in a content length of 375"))
        // Edge spacing counts too; exactly 0 is allowed.
        let edges = Describe.item(
            Describe.fractionalWidth(1), Describe.fractionalHeight(1), ["edgeSpacing": ["leading": ["fixed": 125]]])
        #expect(Prepared.error(Self.oneGroup(["subitem": edges, "count": 3])) == nil)
    }

    @Test func repetitionsThatDoNotFitFail() {
        let options = Self.oneGroup([
            "repeatingSubitem": Describe.item(Describe.absolute(100), Describe.fractionalHeight(1)), "count": 4,
        ])
        #expect(
            Prepared.error(options)
                == .layout(
                    message: "sections[0].group.horizontal: copy 4 of 4 of the repeatingSubitem would end at 400, "
                        + "beyond the content length 375"))
    }

    @Test func subitemsOfZeroExtentNeverFillAGroup() {
        let options = Self.oneGroup([
            "subitems": [Describe.item(Describe.fractionalWidth(0.5), Describe.fractionalHeight(1))]
        ])
        #expect(
            Prepared.error(options, bounds: Rect(x: 0, y: 0, width: 0, height: 600))
                == .layout(
                    message: "sections[0].group.horizontal: the group would hold more than 10000 subitems "
                        + "(subitems of zero extent never fill it)"))
    }

    @Test func aTemplateHoldsAtMost10000Leaves() {
        let pair = Describe.group(
            "vertical", Describe.fractionalWidth(1), Describe.fractionalHeight(1),
            ["subitem": Describe.item(Describe.fractionalWidth(1), Describe.fractionalHeight(1)), "count": 2])
        #expect(
            Prepared.error(Self.oneGroup(["subitem": pair, "count": 5000])) == nil)
        #expect(
            Prepared.error(Self.oneGroup(["subitem": pair, "count": 5001]))
                == .layout(
                    message: "sections[0].group.horizontal: the group's template would have more than 10000 items"))
    }

    @Test func emptySectionsStillLayOutTheirGroup() {
        #expect(Prepared.error(Self.oneGroup(["subitems": [Self.wide]]), counts: [0]) != nil)
        #expect(Prepared.error(Self.oneGroup(["subitems": [Self.wide]]), counts: []) == nil)
    }

    @Test func theErrorNamesTheDescriptionNotTheDataSection() {
        let bad = Describe.section(
            Describe.group("horizontal", Describe.fractionalWidth(1), Describe.absolute(50), ["subitems": [Self.wide]]))
        let options = Describe.options([Describe.list(height: 40), bad])
        #expect(Prepared.error(options, counts: [1]) == nil)
        #expect(
            Prepared.error(options, counts: [1, 1, 1])
                == .layout(
                    message:
                        "sections[1].group.horizontal: the group fits no subitem: its first would end at 400 along a "
                        + "content length of 375"))
    }

    @Test func oversizedInsetsClampSizesAtZero() throws {
        let item = Describe.item(
            Describe.fractionalWidth(1), Describe.fractionalHeight(1),
            ["contentInsets": Describe.insets(30, 200, 30, 200)])
        let layout = try Prepared.layout(Self.oneGroup(["subitems": [item]]), counts: [1])
        #expect(layout.attributes(for: .cell(0, 0))?.frame == Rect(x: 200, y: 30, width: 0, height: 0))
    }

    @Test func coordinatesBeyond1e15Fail() {
        let options = Self.oneGroup([
            "size": Describe.size(Describe.fractionalWidth(1), Describe.absolute(1e15)),
            "subitems": [Describe.item(Describe.fractionalWidth(1), Describe.fractionalHeight(1))],
        ])
        #expect(Prepared.error(options, counts: [1]) == nil)
        guard case .layout(let message)? = Prepared.error(options, counts: [2]) else {
            Issue.record("expected a layout error")
            return
        }
        #expect(message.hasSuffix("beyond the ±1e15-point limit of coordinates"))
    }
}
