import Compositional
import LayoutKit
import Testing

/// Every description §2.3 refuses, with the option's path and what was expected.
struct DescriptionErrorTests {
    /// A list section whose group's map, item map and section map take `group`, `item` and `section` keys.
    static func options(
        group: [String: Value] = [:], item: [String: Value] = [:], section: [String: Value] = [:],
        configuration: Value? = nil
    ) -> [String: Value] {
        var itemMap: [String: Value] = [
            "size": Describe.size(Describe.fractionalWidth(0.5), Describe.fractionalHeight(1))
        ]
        itemMap.merge(item) { _, new in new }
        var groupMap: [String: Value] = [
            "size": Describe.size(Describe.fractionalWidth(1), Describe.absolute(50)),
            "subitems": [["item": .map(itemMap)]],
        ]
        groupMap.merge(group) { _, new in new }
        var sectionMap: [String: Value] = ["group": ["horizontal": .map(groupMap)]]
        sectionMap.merge(section) { _, new in new }
        return Describe.options([.map(sectionMap)], configuration: configuration)
    }

    static let group = "sections[0].group.horizontal"
    static let item = "sections[0].group.horizontal.subitems[0].item"

    static func refusal(_ options: [String: Value]) -> LayoutError? {
        do {
            _ = try CompositionalLayout(options: Options(options))
            return nil
        } catch {
            return error
        }
    }

    static func expectRefusal(_ options: [String: Value], _ field: String, _ message: String) {
        #expect(refusal(options) == .option(field: field, message: message))
    }

    @Test func theSectionsAreRequiredAndNonEmpty() {
        Self.expectRefusal([:], "sections", "missing 'sections': expected a non-empty list of sections")
        Self.expectRefusal(["sections": []], "sections", "expected a non-empty list of sections, got an empty list")
        Self.expectRefusal(["sections": 3], "sections", "expected a non-empty list of sections, got a number")
    }

    @Test func unknownKeysAreRefusedWithASuggestion() {
        var options = Self.options()
        options["section"] = 1
        Self.expectRefusal(
            options, "section", "unknown option (did you mean 'sections'?); known options: 'configuration', 'sections'")
        Self.expectRefusal(
            Self.options(configuration: ["scrolDirection": "vertical"]), "configuration",
            "unknown key 'scrolDirection' (did you mean 'scrollDirection'?); expected scrollDirection and interSectionSpacing"
        )
        Self.expectRefusal(
            Self.options(group: ["interItemSpace": ["fixed": 1]]), Self.group,
            "unknown key 'interItemSpace' (did you mean 'interItemSpacing'?); expected size, subitems, subitem, "
                + "repeatingSubitem, count, interItemSpacing, contentInsets and edgeSpacing")
        Self.expectRefusal(
            Self.options(item: ["contentInset": 1]), Self.item,
            "unknown key 'contentInset' (did you mean 'contentInsets'?); expected size, contentInsets, edgeSpacing and "
                + "supplementaryItems")
        Self.expectRefusal(
            Self.options(item: ["size": ["width": ["fractionalWidht": 0.5], "height": ["absolute": 5]]]),
            "\(Self.item).size.width",
            "unknown key 'fractionalWidht' (did you mean 'fractionalWidth'?); expected fractionalWidth, fractionalHeight, "
                + "absolute and estimated")
        Self.expectRefusal(
            Self.options(section: ["interGroupSpacng": 1]), "sections[0]",
            "unknown key 'interGroupSpacng' (did you mean 'interGroupSpacing'?); expected group, interGroupSpacing, "
                + "contentInsets, orthogonalScrollingBehavior, supplementariesFollowContentInsets, "
                + "boundarySupplementaryItems and decorationItems")
        Self.expectRefusal(
            Self.options(section: ["contentInsets": ["left": 1]]), "sections[0].contentInsets",
            "unknown key 'left'; expected top, leading, bottom and trailing")
    }

    @Test func namesMustBeKnown() {
        Self.expectRefusal(
            Self.options(configuration: ["scrollDirection": "diagonal"]), "configuration.scrollDirection",
            "expected 'vertical' or 'horizontal', got 'diagonal'")
        Self.expectRefusal(
            Self.options(section: ["orthogonalScrollingBehavior": "pagin"]), "sections[0].orthogonalScrollingBehavior",
            "expected 'none', 'continuous', 'continuousGroupLeadingBoundary', 'paging', 'groupPaging' or "
                + "'groupPagingCentered', got 'pagin' (did you mean 'paging'?)")
        Self.expectRefusal(
            Self.options(section: ["supplementariesFollowContentInsets": "yes"]),
            "sections[0].supplementariesFollowContentInsets", "expected true or false, got a string")
    }

    @Test(arguments: [
        ("absolute", 0.0), ("absolute", -3), ("fractionalWidth", 2e15), ("fractionalHeight", .infinity),
        ("estimated", 0),
    ])
    func dimensionsArePositiveAndAtMost1e15(kind: String, number: Double) {
        Self.expectRefusal(
            Self.options(item: ["size": ["width": [kind: .number(number)], "height": ["absolute": 5]]]),
            "\(Self.item).size.width.\(kind)", NumberRule.positive.violation(number)!)
    }

    @Test func aDimensionIsExactlyOneKind() {
        Self.expectRefusal(
            Self.options(item: ["size": ["width": ["fractionalWidth": 0.5, "absolute": 5], "height": ["absolute": 5]]]),
            "\(Self.item).size.width",
            "expected exactly one of fractionalWidth, fractionalHeight, absolute or estimated, got fractionalWidth and absolute"
        )
        Self.expectRefusal(
            Self.options(item: ["size": ["width": [:], "height": ["absolute": 5]]]), "\(Self.item).size.width",
            "expected exactly one of fractionalWidth, fractionalHeight, absolute or estimated, got none")
        Self.expectRefusal(
            Self.options(item: ["size": ["width": ["estimated": true], "height": ["absolute": 5]]]),
            "\(Self.item).size.width.estimated", "expected a number greater than 0 and at most 1e15, got a boolean")
        Self.expectRefusal(
            Self.options(item: ["size": ["width": ["absolute": 5]]]), "\(Self.item).size",
            "missing 'height': expected a dimension")
        Self.expectRefusal(
            Self.options(item: ["size": nil]), "\(Self.item).size", "expected a size with width and height, got null")
    }

    @Test func spacingsAreFrom0To1e15() {
        Self.expectRefusal(
            Self.options(configuration: ["interSectionSpacing": -1]), "configuration.interSectionSpacing",
            NumberRule.nonNegative.violation(-1)!)
        Self.expectRefusal(
            Self.options(section: ["interGroupSpacing": -0.5]), "sections[0].interGroupSpacing",
            NumberRule.nonNegative.violation(-0.5)!)
        Self.expectRefusal(
            Self.options(group: ["interItemSpacing": ["fixed": 2e15]]), "\(Self.group).interItemSpacing.fixed",
            NumberRule.nonNegative.violation(2e15)!)
        Self.expectRefusal(
            Self.options(item: ["edgeSpacing": ["top": ["flexible": -1]]]), "\(Self.item).edgeSpacing.top.flexible",
            NumberRule.nonNegative.violation(-1)!)
        Self.expectRefusal(
            Self.options(group: ["interItemSpacing": ["fixed": 1, "flexible": 1]]), "\(Self.group).interItemSpacing",
            "expected exactly one of fixed or flexible, got fixed and flexible")
        Self.expectRefusal(
            Self.options(group: ["interItemSpacing": 4]), "\(Self.group).interItemSpacing",
            "expected a spacing ({fixed: x} or {flexible: x}), got a number")
    }

    @Test(arguments: [0.5, -1, 2e15, 0.999])
    func insetsAre0OrFrom1To1e15(number: Double) {
        let message = "expected 0 or a number from 1 to 1e15, got \(number.compactDescription)"
        Self.expectRefusal(
            Self.options(section: ["contentInsets": ["top": .number(number)]]), "sections[0].contentInsets.top", message
        )
        Self.expectRefusal(
            Self.options(group: ["contentInsets": ["leading": .number(number)]]), "\(Self.group).contentInsets.leading",
            message)
        Self.expectRefusal(
            Self.options(item: ["contentInsets": ["trailing": .number(number)]]), "\(Self.item).contentInsets.trailing",
            message)
        Self.expectRefusal(
            Self.options(section: [
                "decorationItems": [["kind": "background", "contentInsets": ["bottom": .number(number)]]]
            ]),
            "sections[0].decorationItems[0].contentInsets.bottom", message)
    }

    @Test func insetsAreMaps() {
        Self.expectRefusal(
            Self.options(item: ["contentInsets": 10]), "\(Self.item).contentInsets",
            "expected insets (a map with top, leading, bottom, trailing), got a number")
        Self.expectRefusal(
            Self.options(item: ["edgeSpacing": nil]), "\(Self.item).edgeSpacing",
            "expected edge spacing (a map with leading, top, trailing, bottom), got null")
    }

    static func header(_ more: [String: Value]) -> [String: Value] {
        var header: [String: Value] = [
            "kind": "header", "size": Describe.size(Describe.fractionalWidth(1), Describe.absolute(30)),
            "alignment": "top",
        ]
        header.merge(more) { _, new in new }
        return Self.options(section: ["boundarySupplementaryItems": [.map(header)]])
    }

    static func badge(_ anchor: Value, _ more: [String: Value] = [:]) -> [String: Value] {
        var badge: [String: Value] = [
            "kind": "badge", "size": Describe.size(Describe.absolute(10), Describe.absolute(10)),
            "containerAnchor": anchor,
        ]
        badge.merge(more) { _, new in new }
        return Self.options(item: ["supplementaryItems": [.map(badge)]])
    }

    @Test func offsetsAreCoordinatesWithBothXAndY() {
        Self.expectRefusal(
            Self.header(["offset": ["x": 2e15, "y": 0]]), "sections[0].boundarySupplementaryItems[0].offset.x",
            NumberRule.coordinate.violation(2e15)!)
        Self.expectRefusal(
            Self.header(["offset": ["x": 0]]), "sections[0].boundarySupplementaryItems[0].offset",
            "missing 'y': expected a number")
        Self.expectRefusal(
            Self.badge(["edges": [], "absoluteOffset": ["x": 1, "y": -2e15]]),
            "\(Self.item).supplementaryItems[0].containerAnchor.absoluteOffset.y",
            NumberRule.coordinate.violation(-2e15)!)
        Self.expectRefusal(
            Self.badge(["edges": [], "fractionalOffset": ["y": 1]]),
            "\(Self.item).supplementaryItems[0].containerAnchor.fractionalOffset", "missing 'x': expected a number")
        Self.expectRefusal(
            Self.badge(["edges": [], "fractionalOffset": ["x": 1, "y": 1], "absoluteOffset": ["x": 1, "y": 1]]),
            "\(Self.item).supplementaryItems[0].containerAnchor",
            "expected absoluteOffset or fractionalOffset, not both")
    }

    @Test(arguments: [0.0, 10_001, 2.5, -1])
    func countsAreWholeFrom1To10000(count: Double) {
        var group: [String: Value] = [
            "subitem": ["item": ["size": Describe.size(Describe.absolute(5), Describe.absolute(5))]]
        ]
        group["subitems"] = nil
        group["count"] = .number(count)
        var options = Self.options(group: group)
        options = Self.removingSubitems(options)
        Self.expectRefusal(options, "\(Self.group).count", NumberRule.whole(1...10_000).violation(count)!)
    }

    /// The options with the section group's `subitems` removed.
    static func removingSubitems(_ options: [String: Value]) -> [String: Value] {
        guard case .list(let sections) = options["sections"]!, case .map(var section) = sections[0],
            case .map(var group) = section["group"]!, case .map(var horizontal) = group["horizontal"]!
        else { return options }
        horizontal["subitems"] = nil
        group["horizontal"] = .map(horizontal)
        section["group"] = .map(group)
        var result = options
        result["sections"] = [.map(section)]
        return result
    }

    @Test(arguments: [2_147_483_648.0, -2_147_483_649, 1.5])
    func zIndicesAreWhole32BitNumbers(zIndex: Double) {
        Self.expectRefusal(
            Self.header(["zIndex": .number(zIndex)]), "sections[0].boundarySupplementaryItems[0].zIndex",
            NumberRule.whole(Int(Int32.min)...Int(Int32.max)).violation(zIndex)!)
    }

    @Test func booleansAreNotNumbersAndNumbersNotBooleans() {
        Self.expectRefusal(
            Self.header(["zIndex": true]), "sections[0].boundarySupplementaryItems[0].zIndex",
            "expected a whole number from -2147483648 to 2147483647, got a boolean")
        Self.expectRefusal(
            Self.header(["pinToVisibleBounds": 1]), "sections[0].boundarySupplementaryItems[0].pinToVisibleBounds",
            "expected true or false, got a number")
        Self.expectRefusal(
            Self.header(["extendsBoundary": "false"]), "sections[0].boundarySupplementaryItems[0].extendsBoundary",
            "expected true or false, got a string")
    }

    @Test func kindsAreNonEmptyStrings() {
        Self.expectRefusal(
            Self.header(["kind": ""]), "sections[0].boundarySupplementaryItems[0].kind",
            "expected a non-empty string, got an empty string")
        Self.expectRefusal(
            Self.header(["kind": 7]), "sections[0].boundarySupplementaryItems[0].kind",
            "expected a non-empty string, got a number")
        Self.expectRefusal(
            Self.options(section: ["decorationItems": [["zIndex": 1]]]), "sections[0].decorationItems[0]",
            "missing 'kind': expected a non-empty string")
    }

    @Test func aSectionsGroupIsAGroupNotAnItem() {
        Self.expectRefusal(
            Describe.options([Describe.section(Describe.item(Describe.fractionalWidth(1), Describe.absolute(5)))]),
            "sections[0].group",
            "expected a group (horizontal or vertical), got an item: a section's group holds its items")
        Self.expectRefusal(
            Describe.options([Describe.section(["horizontal": ["size": 1], "vertical": ["size": 1]])]),
            "sections[0].group",
            "expected exactly one of horizontal, vertical or item, got horizontal and vertical")
        Self.expectRefusal(
            Describe.options([["interGroupSpacing": 1]]), "sections[0]",
            "missing 'group': expected a group (horizontal or vertical)")
    }

    @Test func aSectionsGroupHasNoEdgeSpacing() {
        Self.expectRefusal(
            Self.options(group: ["edgeSpacing": ["top": ["fixed": 1]]]), "\(Self.group).edgeSpacing",
            "edgeSpacing is not allowed on a section's own group")
    }

    @Test func aGroupHasExactlyOneWayOfMakingChildren() {
        let child: Value = ["item": ["size": Describe.size(Describe.absolute(5), Describe.absolute(5))]]
        Self.expectRefusal(
            Self.options(group: ["count": 2]), Self.group,
            "'count' goes only with 'subitem' or 'repeatingSubitem', not 'subitems'")
        Self.expectRefusal(
            Self.removingSubitems(Self.options(group: ["subitem": child])), Self.group,
            "missing 'count': expected the number of copies of the 'subitem'")
        Self.expectRefusal(
            Self.options(group: ["repeatingSubitem": child, "count": 2]), Self.group,
            "expected exactly one of subitems, subitem or repeatingSubitem, got subitems and repeatingSubitem")
        Self.expectRefusal(
            Self.removingSubitems(Self.options()), Self.group,
            "expected exactly one of subitems, subitem or repeatingSubitem, got none")
        Self.expectRefusal(
            Self.options(group: ["subitems": []]), "\(Self.group).subitems",
            "expected a non-empty list of items and groups, got an empty list")
    }

    /// A section group nested `depth` levels deep (the section's own group is level 1).
    static func nested(depth: Int) -> [String: Value] {
        var group: Value = [
            "vertical": [
                "size": Describe.size(Describe.fractionalWidth(1), Describe.fractionalHeight(1)),
                "subitems": [Describe.item(Describe.fractionalWidth(1), Describe.absolute(10))],
            ]
        ]
        for _ in 1..<depth {
            group = [
                "horizontal": [
                    "size": Describe.size(Describe.fractionalWidth(1), Describe.absolute(10)), "subitems": [group],
                ]
            ]
        }
        return Describe.options([Describe.section(group)])
    }

    @Test func groupsNestSixteenDeepButNotSeventeen() throws {
        let layout = try Prepared.layout(Self.nested(depth: 16), counts: [2])
        #expect(layout.attributes(for: .cell(0, 1))?.frame == Rect(x: 0, y: 10, width: 375, height: 10))
        let path = "sections[0].group" + String(repeating: ".horizontal.subitems[0]", count: 16) + ".vertical"
        Self.expectRefusal(
            Self.nested(depth: 17), path, "groups nested 17 deep; at most 16 levels (the section's group is level 1)")
    }

    @Test func kindsAreUniqueWhereTheyWouldCollide() {
        let header: Value = [
            "kind": "header", "size": Describe.size(Describe.fractionalWidth(1), Describe.absolute(30)),
            "alignment": "top",
        ]
        Self.expectRefusal(
            Self.options(section: ["boundarySupplementaryItems": [header, header]]),
            "sections[0].boundarySupplementaryItems[1].kind",
            "kind 'header' appears twice among the section's boundary items")
        Self.expectRefusal(
            Self.options(section: ["decorationItems": [["kind": "background"], ["kind": "background"]]]),
            "sections[0].decorationItems[1].kind",
            "kind 'background' appears twice among the section's decoration items")
        let badge: Value = [
            "kind": "header", "size": Describe.size(Describe.absolute(10), Describe.absolute(10)),
            "containerAnchor": ["edges": []],
        ]
        Self.expectRefusal(
            Self.options(item: ["supplementaryItems": [badge, badge]]), "\(Self.item).supplementaryItems[1].kind",
            "kind 'header' appears twice among the item's supplementary items")
        Self.expectRefusal(
            Self.options(item: ["supplementaryItems": [badge]], section: ["boundarySupplementaryItems": [header]]),
            "\(Self.item).supplementaryItems[0].kind",
            "kind 'header' is also a boundary item's kind in this section: both would be the supplementary view at (section, 0)"
        )
    }

    @Test func aKindIsSupplementaryOrDecorationNotBoth() {
        let header: Value = [
            "kind": "shade", "size": Describe.size(Describe.fractionalWidth(1), Describe.absolute(30)),
            "alignment": "top",
        ]
        let first = Describe.list(height: 40, ["boundarySupplementaryItems": [header]])
        let second = Describe.list(height: 40, ["decorationItems": [["kind": "shade"]]])
        Self.expectRefusal(
            Describe.options([first, second]), "sections[1].decorationItems[0].kind",
            "kind 'shade' is a decoration kind here but a supplementary kind at "
                + "sections[0].boundarySupplementaryItems[0].kind; a kind is either supplementary (boundary items, badges) or decoration"
        )
    }

    @Test func anchorsNameEachEdgeOnceAndNoOpposites() {
        Self.expectRefusal(
            Self.badge(["edges": ["top", "top"]]), "\(Self.item).supplementaryItems[0].containerAnchor.edges[1]",
            "edge 'top' is named twice")
        Self.expectRefusal(
            Self.badge(["edges": ["leading", "top", "trailing"]]),
            "\(Self.item).supplementaryItems[0].containerAnchor.edges[2]", "edges 'leading' and 'trailing' are opposite"
        )
        Self.expectRefusal(
            Self.badge(["edges": ["middle"]]), "\(Self.item).supplementaryItems[0].containerAnchor.edges[0]",
            "expected 'top', 'leading', 'bottom' or 'trailing', got 'middle'")
        Self.expectRefusal(
            Self.badge(["absoluteOffset": ["x": 1, "y": 1]]), "\(Self.item).supplementaryItems[0].containerAnchor",
            "missing 'edges': expected a list of top, leading, bottom, trailing")
    }

    @Test func alignmentsFollowTheScrollDirection() {
        Self.expectRefusal(
            Self.header(["alignment": "leading"]), "sections[0].boundarySupplementaryItems[0].alignment",
            "expected 'top', 'topLeading', 'topTrailing', 'bottom', 'bottomLeading' or 'bottomTrailing' "
                + "(the alignments of a vertical layout), got 'leading'")
        var horizontal = Self.header(["alignment": "top"])
        horizontal["configuration"] = ["scrollDirection": "horizontal"]
        Self.expectRefusal(
            horizontal, "sections[0].boundarySupplementaryItems[0].alignment",
            "expected 'leading', 'topLeading', 'bottomLeading', 'trailing', 'topTrailing' or 'bottomTrailing' "
                + "(the alignments of a horizontal layout), got 'top'")
    }

    @Test func descriptionsBeyondTheDataAreStillChecked() {
        let options = Describe.options([
            Describe.list(height: 40), Describe.list(height: 40, ["interGroupSpacing": -1]),
        ])
        #expect(
            Prepared.error(options, counts: [5])
                == .option(field: "sections[1].interGroupSpacing", message: NumberRule.nonNegative.violation(-1)!))
    }
}
