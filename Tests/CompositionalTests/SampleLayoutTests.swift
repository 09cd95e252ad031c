import Compositional
import LayoutKit
import Testing

/// The six examples of `compositional-examples.yaml`: content size, elements by category and
/// the last cell's frame, as two independent implementations of the contract agree on.
struct SampleLayoutTests {
    @Test(arguments: SampleLayout.all)
    func theSampleLaysOutAsExpected(_ sample: SampleLayout) throws {
        let layout = try Prepared.layout(sample.options, counts: sample.data)
        let all = Prepared.all(layout)
        #expect(Tolerance.isClose(layout.contentSize, sample.contentSize))
        #expect(all.filter { $0.element.category == .cell }.count == sample.cells)
        #expect(all.filter { $0.element.category == .supplementary }.count == sample.supplementary)
        #expect(all.filter { $0.element.category == .decoration }.count == sample.decoration)
        #expect(layout.numberOfElements == all.count)
        let last = try #require(layout.attributes(for: .cell(sample.lastCell.section, sample.lastCell.item)))
        #expect(Tolerance.isClose(last.frame, sample.lastCell.frame), "\(last.frame)")
        #expect(layout.attributes(for: .cell(sample.lastCell.section, sample.lastCell.item + 1)) == nil)
    }
}
