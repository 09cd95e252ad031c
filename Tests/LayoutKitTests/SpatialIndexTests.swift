import LayoutKit
import TestSupport
import Testing

struct SpatialIndexTests {
    /// Frames in a mix of shapes: small boxes, tall thin ones, wide ones, zero-sized ones.
    func frames(_ count: Int, seed: UInt64) -> [Rect] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { index in
            let shape = random.next(in: 0...9)
            let x = Double(random.next(in: 0...2000)), y = Double(index * 3 + random.next(in: -40...40))
            switch shape {
            case 0: return Rect(x: x, y: y, width: 2, height: Double(random.next(in: 100...3000)))
            case 1: return Rect(x: 0, y: y, width: 2000, height: 1)
            case 2: return Rect(x: x, y: y, width: 0, height: 0)
            default:
                return Rect(
                    x: x, y: y, width: Double(random.next(in: 1...120)), height: Double(random.next(in: 1...120)))
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64], SpatialIndex.Packing.allCases)
    func queriesEqualABruteForceFilter(seed: UInt64, packing: SpatialIndex.Packing) {
        let frames = self.frames(Int(seed) * 1000 + 7, seed: seed)
        let index = SpatialIndex(frames: frames, packing: packing)
        var random = SplitMix(seed: seed + 100)
        for _ in 0..<300 {
            let rect = Rect(
                x: Double(random.next(in: -100...2100)), y: Double(random.next(in: -100...13000)),
                width: Double(random.next(in: 0...800)), height: Double(random.next(in: 0...800)))
            let expected = frames.indices.filter { frames[$0].intersects(rect) }
            #expect(index.indices(intersecting: rect) == expected)
        }
        #expect(index.indices(intersecting: .everything) == Array(frames.indices))
    }

    /// Very tall, very wide and piled-up content, in a shuffled order, every packing.
    @Test(arguments: SpatialIndex.Packing.allCases)
    func everyPackingAnswersExactlyOnEveryShape(packing: SpatialIndex.Packing) {
        var random = SplitMix(seed: 9)
        let tall = (0..<3000).map { Rect(x: Double($0 % 5) * 70, y: Double($0 / 5) * 90, width: 60, height: 60) }
        let wide = (0..<3000).map { Rect(x: Double($0 / 3) * 110, y: Double($0 % 3) * 40, width: 100, height: 30) }
        let piled = (0..<500).map { _ in Rect(x: 5, y: 5, width: 10, height: 10) }
        for shape in [tall, wide, piled, tall.shuffled(using: &random) + piled] {
            let index = SpatialIndex(frames: shape, packing: packing)
            #expect(index.count == shape.count)
            #expect((0..<shape.count).allSatisfy { index.frame(at: $0) == shape[$0] })
            for _ in 0..<100 {
                let rect = Rect(
                    x: Double(random.next(in: -50...400)), y: Double(random.next(in: -50...60000)),
                    width: Double(random.next(in: 0...400)), height: Double(random.next(in: 0...700)))
                #expect(index.indices(intersecting: rect) == shape.indices.filter { shape[$0].intersects(rect) })
            }
        }
    }

    @Test func emptyAndSingleIndexesAnswer() {
        #expect(SpatialIndex(frames: []).indices(intersecting: .everything).isEmpty)
        let one = SpatialIndex(frames: [Rect(x: 0, y: 0, width: 10, height: 10)])
        #expect(one.indices(intersecting: Rect(x: 5, y: 5, width: 1, height: 1)) == [0])
        #expect(one.indices(intersecting: Rect(x: 10, y: 0, width: 5, height: 5)).isEmpty)
    }

    @Test func touchingEdgesDoNotIntersect() {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!frame.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(!frame.intersects(Rect(x: 0, y: -5, width: 5, height: 5)))
        #expect(frame.intersects(Rect(x: 9.999, y: 9.999, width: 5, height: 5)))
        #expect(Rect(x: 3, y: 3, width: 0, height: 0).intersects(frame))
        #expect(!Rect(x: 3, y: 3, width: 0, height: 0).intersects(Rect(x: 3, y: 0, width: 4, height: 10)))
    }

    @Test(arguments: [0, 1, 15, 16, 17, 700, 4095, 5000])
    func replacingTheTailEqualsANewIndex(start: Int) {
        var random = SplitMix(seed: UInt64(start + 3))
        func frames(_ count: Int, _ offset: Double) -> [Rect] {
            (0..<count).map { _ in
                Rect(
                    x: Double(random.next(in: 0...2000)), y: Double(random.next(in: 0...2000)) + offset, width: 30,
                    height: 30)
            }
        }
        let original = frames(5000, 0)
        for tailCount in [0, 1, 300, 6000] {
            let tail = frames(tailCount, 50)
            var index = SpatialIndex(frames: original)
            index.replaceFrames(from: start, with: tail)
            let expected = Array(original[..<start]) + tail
            let fresh = SpatialIndex(frames: expected)
            #expect(index.count == expected.count)
            for _ in 0..<30 {
                let rect = Rect(
                    x: Double(random.next(in: -100...2100)), y: Double(random.next(in: -100...2100)), width: 150,
                    height: 150)
                let hits = index.indices(intersecting: rect)
                #expect(hits == fresh.indices(intersecting: rect))
                #expect(hits == expected.indices.filter { expected[$0].intersects(rect) })
            }
        }
    }
}
