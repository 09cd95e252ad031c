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
            default: return Rect(x: x, y: y, width: Double(random.next(in: 1...120)), height: Double(random.next(in: 1...120)))
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func queriesEqualABruteForceFilter(seed: UInt64) {
        let packing: SpatialIndex.Packing = seed.isMultiple(of: 2) ? .sortTileRecursive : .asGiven
        let frames = self.frames(Int(seed) * 1000 + 7, seed: seed)
        let index = SpatialIndex(frames: frames, packing: packing)
        var random = SplitMix(seed: seed + 100)
        for _ in 0..<300 {
            let rect = Rect(x: Double(random.next(in: -100...2100)), y: Double(random.next(in: -100...13000)),
                            width: Double(random.next(in: 0...800)), height: Double(random.next(in: 0...800)))
            let expected = frames.indices.filter { frames[$0].intersects(rect) }
            #expect(index.indices(intersecting: rect) == expected)
        }
        #expect(index.indices(intersecting: .everything) == Array(frames.indices))
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
}
