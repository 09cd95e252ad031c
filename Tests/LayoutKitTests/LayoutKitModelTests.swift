import LayoutKit
import Testing

struct LayoutKitModelTests {
    @Test func elementsSortCellsThenSupplementaryThenDecorationByKindSectionItem() {
        let shuffled: [ElementID] = [
            .decoration("separator", 0, 0), .supplementary("rowHeader", 1, 0), .cell(1, 0),
            .supplementary("columnHeader", 0, 2), .cell(0, 5), .supplementary("columnHeader", 0, 1), .cell(0, 10),
        ]
        #expect(
            shuffled.sorted() == [
                .cell(0, 5), .cell(0, 10), .cell(1, 0), .supplementary("columnHeader", 0, 1),
                .supplementary("columnHeader", 0, 2), .supplementary("rowHeader", 1, 0), .decoration("separator", 0, 0),
            ])
    }

    @Test func attributesEqualityCoversExtraFields() {
        let plain = LayoutAttributes(element: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        var withChildren = plain
        withChildren.extra["children"] = [[1, 0], [1, 1]]
        var otherChildren = plain
        otherChildren.extra["children"] = [[1, 0]]
        #expect(plain != withChildren)
        #expect(withChildren != otherChildren)
        #expect(
            withChildren
                == {
                    var copy = plain; copy.extra["children"] = [[1, 0], [1, 1]]; return copy
                }())
    }

    /// No fields is one thing however it is made: empty values, bytes of an empty map, nothing.
    @Test func noExtraFieldsAreEqualHoweverMade() {
        let frame = Rect(x: 0, y: 0, width: 1, height: 1)
        let emptyMap: [UInt8] = [6, 0, 0, 0, 0, 0, 0, 0, 0]
        let made = [
            ExtraFields(), ExtraFields([:]), ExtraFields(encoded: emptyMap[...]),
            LayoutAttributes(element: .cell(0, 0), frame: frame).extraFields,
            LayoutAttributes(element: .cell(0, 0), frame: frame, extra: [:]).extraFields,
        ]
        #expect(made.allSatisfy { $0 == ExtraFields() && $0.isEmpty && $0.values.isEmpty && $0.encodedBytes == nil })
        #expect(Set(made).count == 1)
        #expect(ExtraFields(["title": "A"]) != ExtraFields())
    }

    @Test func aDataSetGivesSectionsItemsAndGlobalIndexes() {
        let data = DataSet.sections([[1, 2, 3], [], [4]])
        let source = data.source
        #expect(source.numberOfSections == 3)
        #expect((0..<3).map(source.numberOfItems(inSection:)) == [3, 0, 1])
        #expect(source.numberOfItems == 4)
        #expect(source.value(at: ItemPath(section: 2, item: 0)) == 4)
        #expect(source.globalIndex(of: ItemPath(section: 2, item: 0)) == 3)
        #expect(source.itemPath(ofGlobalIndex: 3) == ItemPath(section: 2, item: 0))
        #expect(source.itemPath(ofGlobalIndex: 2) == ItemPath(section: 0, item: 2))
        #expect(!source.isTree)
        #expect(source.metadata == [:])
        #expect(DataSet.empty.source.numberOfSections == 0)
    }

    @Test func suggestionsCatchTyposButNotRewrites() {
        #expect(Suggestion.closest(to: "itmes", in: ["items", "sections"]) == "items")
        #expect(Suggestion.closest(to: "spacng", in: ["spacing", "step"]) == "spacing")
        #expect(Suggestion.closest(to: "Insets", in: ["insets"]) == "insets")
        #expect(Suggestion.closest(to: "t", in: ["s"]) == nil)
        #expect(Suggestion.closest(to: "zoom", in: ["step", "insets"]) == nil)
    }

    @Test func optionsReadDefaultsAndRefuseWhatNobodyAsked() throws {
        var options = Options(["insets": 4, "itemSize": ["width": 10, "height": 20]])
        #expect(try options.insets("insets", default: EdgeInsets(all: 1)) == EdgeInsets(all: 4))
        #expect(try options.size("itemSize", default: .zero) == Size(width: 10, height: 20))
        #expect(try options.number("step", default: 5, minimum: .positive) == 5)
        try options.rejectUnknownKeys()
        var partial = Options(["insets": ["top": 3]])
        #expect(
            try partial.insets("insets", default: EdgeInsets(all: 10))
                == EdgeInsets(top: 3, left: 10, bottom: 10, right: 10))
        var missing = Options(["itemSize": ["width": 10]])
        #expect(throws: LayoutError.option(field: "itemSize.height", message: "missing")) {
            try missing.size("itemSize", default: .zero)
        }
        var infinite = Options(["step": .number(.infinity)])
        #expect(throws: LayoutError.option(field: "step", message: "expected a number from -1e15 to 1e15, got inf")) {
            try infinite.number("step", default: 1)
        }
    }
}
