import LayoutKit
import TestSupport
import Testing

@testable import BatchRunner

/// The bands' ownership rule against brute force: every frame a query for everything returns
/// is owned by exactly one band, among those whose query returns it.
struct ElementBandsTests {
    @Test(arguments: [1, 2, 3, 10, 1000])
    func everyFrameBelongsToExactlyOneBandThatReturnsIt(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let height = 1000.0
        let bands = try #require(ElementBands(height: height, elements: 5000, perBand: 400))
        let edges = bands.rects.map(\.maxY)
        var frames: [Rect] = []
        for _ in 0..<2000 {
            let y: Double
            switch random.next() % 4 {
            case 0: y = edges[Int(random.next() % UInt64(edges.count - 1))]  // on a band's edge
            case 1: y = -500 + Double(random.next() % 3000)  // above, inside and below the content
            default: y = Double(random.next() % 10_000) / 10
            }
            let heights: [Double] = [0, 0.5, 30, 400, 5000]
            frames.append(
                Rect(
                    x: Double(random.next() % 100), y: y, width: random.next() % 5 == 0 ? 0 : 10,
                    height: heights[Int(random.next() % UInt64(heights.count))]))
        }
        for frame in frames where frame.intersects(.everything) {
            let owners = bands.rects.indices.filter {
                frame.intersects(bands.rects[$0]) && bands.owns($0, minY: frame.minY)
            }
            #expect(owners.count == 1, "\(frame) owned by bands \(owners)")
        }
        // Above the content, then 13 bands of 1000 / 13 points: every edge where it is meant to be.
        #expect(bands.rects.count == 14)
        #expect(bands.rects.first?.minY == Rect.everything.minY && bands.rects.last?.maxY == Rect.everything.maxY)
        let expected: [Double] = [0] + (1..<13).map { height * Double($0) / 13 }
        #expect(Array(edges.dropLast()) == expected)
    }

    @Test func oneBandIsNoBands() {
        #expect(ElementBands(height: 1000, elements: 400, perBand: 400) == nil)
        #expect(ElementBands(height: 0, elements: 5000, perBand: 400) == nil)
        #expect(ElementBands(height: .infinity, elements: 5000, perBand: 400) == nil)
        #expect(ElementBands(height: 1000, elements: 10_000_000, perBand: 1)?.rects.count == ElementBands.maximumBands)
        // Two bands of content, and the one above it.
        let twoBands = ElementBands(height: 212_540, elements: 17_001)?.rects.map(\.maxY) ?? []
        #expect(Array(twoBands.dropLast()) == [0, 106_270])
    }
}
