import LayoutKit
import TestSupport
import Testing

/// Frames whose tops never rise (rows top to bottom) are searched as a band of leaves; the
/// answers must equal a brute-force filter whether the band is walked or given up for the tree.
struct SpatialIndexBandTests {
    /// Rows of circles-like frames, top to bottom: tops never rise, heights vary.
    func rows(_ count: Int, width: Double, seed: UInt64) -> [Rect] {
        var random = SplitMix(seed: seed)
        var frames: [Rect] = [], x = 0.0, y = 0.0
        for _ in 0..<count {
            let size = Double(random.next(in: 10...120))
            if x + size > width { (x, y) = (0, y + Double(random.next(in: 0...30))) }
            frames.append(Rect(x: x, y: y, width: size, height: size))
            x += size + Double(random.next(in: 0...10))
        }
        return frames
    }

    func expectBruteForce(_ index: SpatialIndex, _ frames: [Rect], _ rects: [Rect]) {
        for rect in rects {
            #expect(index.indices(intersecting: rect) == frames.indices.filter { frames[$0].intersects(rect) })
        }
    }

    func viewports(_ count: Int, over frames: [Rect], width: Double, height: Double, seed: UInt64) -> [Rect] {
        var random = SplitMix(seed: seed)
        let bottom = Int(frames.map(\.maxY).max() ?? 0)
        return (0..<count).map { _ in
            Rect(
                x: Double(random.next(in: -50...Int(width))), y: Double(random.next(in: -200...(bottom + 200))),
                width: width, height: height)
        }
    }

    @Test(arguments: [375.0, 5_000.0, 200_000.0])
    func rowsTopToBottomAnswerExactly(width: Double) {
        let frames = rows(20_000, width: width, seed: 4)
        let index = SpatialIndex(frames: frames)
        // Narrow content walks the band; very wide rows give up for the tree after a few leaves.
        expectBruteForce(index, frames, viewports(200, over: frames, width: 375, height: 667, seed: 5))
        expectBruteForce(
            index, frames,
            [.everything, Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 10, y: 10, width: 1e9, height: 1)])
        // Rects across the whole width test only tops and bottoms.
        expectBruteForce(
            index, frames,
            viewports(200, over: frames, width: 375, height: 667, seed: 6).map {
                Rect(x: -1, y: $0.y, width: width + 2, height: $0.height)
            })
    }

    @Test func aFrameRisingAboveItsPredecessorIsFoundAsWell() {
        var frames = rows(5_000, width: 375, seed: 6)
        frames[2_500].origin.y -= 300  // out of order: the index no longer searches a band
        frames.append(Rect(x: 0, y: -50, width: 10, height: 10))
        let index = SpatialIndex(frames: frames)
        expectBruteForce(index, frames, viewports(200, over: frames, width: 375, height: 667, seed: 7))
    }

    @Test func tallFramesEarlyInTheBandAreFound() {
        // One frame reaching far down from the top: every later rect's band starts at its leaf.
        var frames = rows(3_000, width: 375, seed: 8)
        frames[20].size.height = 1e6
        let index = SpatialIndex(frames: frames)
        expectBruteForce(index, frames, viewports(200, over: frames, width: 375, height: 667, seed: 9))
    }

    @Test func aFrameOfNaNHeightLeavesTheOthersFound() {
        var frames = rows(1_000, width: 375, seed: 10)
        frames[500].size.height = .nan  // meets no rect; the index is searched as a tree
        let index = SpatialIndex(frames: frames)
        expectBruteForce(
            index, frames, viewports(100, over: frames.filter { $0.maxY.isFinite }, width: 375, height: 667, seed: 11))
    }

    @Test(arguments: [0, 1, 16, 1_000, 2_999])
    func replacingTheTailKeepsTheBandRight(start: Int) {
        let original = rows(3_000, width: 375, seed: 12)
        let bottom = original[start == 0 ? 0 : start - 1].minY
        for tail in [
            rows(500, width: 375, seed: 13).map { $0.offsetBy(y: bottom) },  // in order: still a band
            rows(500, width: 375, seed: 14),  // rises to the top: no band
            [],
        ] {
            var index = SpatialIndex(frames: original)
            index.replaceFrames(from: start, with: tail)
            let expected = Array(original[..<start]) + tail
            expectBruteForce(index, expected, viewports(100, over: expected, width: 375, height: 667, seed: 15))
        }
    }

    /// A box's bottom is its top plus its height, which can round below the bottom of a frame
    /// in it; a rect starting exactly there still meets that frame.
    @Test(arguments: SpatialIndex.Packing.allCases)
    func boxesReachTheBottomOfTheirFrames(packing: SpatialIndex.Packing) throws {
        let top = 69.9311954251607, tall = Rect(x: 0, y: 100, width: 10, height: 876_828.3251359212)
        try #require(top + (tall.maxY - top) < tall.maxY)  // a box from `top` to `tall.maxY` rounds short
        let frames = [Rect(x: 0, y: top, width: 10, height: 1), tall]
        let rect = Rect(x: 0, y: top + (tall.maxY - top), width: 10, height: 10)
        #expect(tall.intersects(rect))
        #expect(SpatialIndex(frames: frames, packing: packing).indices(intersecting: rect) == [1])
    }
}

extension Rect {
    fileprivate func offsetBy(y: Double) -> Rect { Rect(x: x, y: self.y + y, width: width, height: height) }
}
