import Compositional
import LayoutKit
import Testing

/// Sections (§3.4–§3.6, §3.11): orthogonal sections at rest, empty sections, the last
/// description repeating, spacing between sections only.
struct SectionGeometryTests {
    /// Groups 0.8 of the container wide holding two half-width items, as `behaviour` scrolls them.
    static func orthogonal(_ behaviour: String) -> Value {
        Describe.section(
            Describe.group(
                "horizontal", Describe.fractionalWidth(0.8), Describe.absolute(100),
                ["subitems": [Describe.item(Describe.fractionalWidth(0.5), Describe.fractionalHeight(1))]]),
            [
                "orthogonalScrollingBehavior": .string(behaviour), "interGroupSpacing": 10,
                "contentInsets": ["leading": 20, "top": 8],
            ])
    }

    @Test(arguments: ["continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered"])
    func orthogonalGroupsRunSidewaysInOneRow(behaviour: String) throws {
        let layout = try Prepared.layout(
            Describe.options([Self.orthogonal(behaviour), Describe.list(height: 50)]), counts: [5, 1])
        let groupWidth = 0.8 * 355
        let first = behaviour == "groupPagingCentered" ? 20 + (355 - groupWidth) / 2 : 20
        for item in 0..<5 {
            let frame = try #require(layout.attributes(for: .cell(0, item))).frame
            let x = first + Double(item / 2) * (groupWidth + 10) + Double(item % 2) * (groupWidth / 2)
            #expect(Tolerance.isClose(frame, Rect(x: x, y: 8, width: groupWidth / 2, height: 100)), "\(frame)")
        }
        #expect(layout.attributes(for: .cell(1, 0))?.frame == Rect(x: 0, y: 108, width: 375, height: 50))
        #expect(layout.contentSize == Size(width: 375, height: 158))
        #expect(layout.contentOverflow == .horizontal)
        // A query far to the right finds the last group only.
        let right = layout.elements(in: Rect(x: 700, y: 0, width: 100, height: 200)).map(\.element)
        #expect(right == [.cell(0, 4)])
    }

    @Test func anEmptySectionIsZeroLongEvenWhenOrthogonal() throws {
        let layout = try Prepared.layout(
            Describe.options(
                [Self.orthogonal("continuous"), Describe.list(height: 50)], configuration: ["interSectionSpacing": 20]),
            counts: [0, 2, 0, 1])
        // Section 0: only its insets (8); section 1 from 28; section 2 empty at 148; section 3 from 168.
        #expect(layout.attributes(for: .cell(1, 0))?.frame.minY == 28)
        #expect(layout.attributes(for: .cell(3, 0))?.frame.minY == 168)
        #expect(layout.contentSize == Size(width: 375, height: 218))
        #expect(layout.contentOverflow == [])
    }

    @Test func theLastDescriptionLaysOutEveryFurtherSection() throws {
        let layout = try Prepared.layout(
            Describe.options([Describe.list(height: 50), Describe.list(height: 30)]), counts: [1, 1, 2])
        #expect(layout.attributes(for: .cell(1, 0))?.frame == Rect(x: 0, y: 50, width: 375, height: 30))
        #expect(layout.attributes(for: .cell(2, 1))?.frame == Rect(x: 0, y: 110, width: 375, height: 30))
        #expect(layout.contentSize == Size(width: 375, height: 140))
    }

    @Test func noSectionsMakeNoContent() throws {
        let layout = try Prepared.layout(Describe.options([Describe.list(height: 50)]), counts: [])
        #expect(layout.contentSize == Size(width: 375, height: 0))
        #expect(Prepared.all(layout).isEmpty)
        #expect(layout.numberOfElements == 0)
        let horizontal = try Prepared.layout(
            Describe.options([Describe.list(height: 50)], configuration: ["scrollDirection": "horizontal"]), counts: [])
        #expect(horizontal.contentSize == Size(width: 0, height: 667))
    }

    @Test func aPartialLastGroupKeepsItsFullSize() throws {
        let layout = try Prepared.layout(SampleLayout.grid.options, counts: [6])
        #expect(layout.contentSize == Size(width: 375, height: 150))
        #expect(layout.attributes(for: .cell(0, 5))?.frame == Rect(x: 0, y: 75, width: 75, height: 75))
    }
}
