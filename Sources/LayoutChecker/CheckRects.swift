import LayoutKit
import SeededRandom

/// The rects a check queries: degenerate ones, then random ones, the same for the same seed.
public enum CheckRects {
    /// The content rect, the bounds, empty rects, rects at negative origins, rects beyond
    /// the content, and `count` random rects over and around the content (half of them
    /// with whole-number edges, to land exactly on frame edges).
    public static func make(count: Int, content: Size, bounds: Rect, seed: UInt64) -> [Rect] {
        let width = content.width.isFinite ? max(content.width, 0) : 0
        let height = content.height.isFinite ? max(content.height, 0) : 0
        var rects = [
            Rect(x: 0, y: 0, width: width, height: height),
            bounds,
            Rect(x: 0, y: 0, width: 0, height: 0),
            Rect(x: (width / 2).rounded(), y: (height / 2).rounded(), width: 0, height: 0),
            Rect(x: (width / 2).rounded(), y: 0, width: 0, height: height),
            Rect(x: -100, y: -100, width: 150, height: 150),
            Rect(x: -50, y: (height / 2).rounded(), width: 100, height: 10),
            Rect(x: width + 1, y: height + 1, width: 100, height: 100),
            Rect(x: 0, y: height, width: width, height: 50),
            Rect(x: width, y: 0, width: 50, height: height),
        ]
        rects += random(count, around: Size(width: width, height: height), seed: seed)
        return rects
    }

    /// `count` rects of all sizes over and around `content`, deterministic for a seed.
    public static func random(_ count: Int, around content: Size, seed: UInt64) -> [Rect] {
        var random = SplitMix64(seed: seed)
        let width = max(content.width, 1), height = max(content.height, 1)
        return (0..<max(0, count)).map { index in
            let x = random.unit() * (width * 1.2 + 200) - width * 0.1 - 100
            let y = random.unit() * (height * 1.2 + 200) - height * 0.1 - 100
            let w = random.unit() * random.unit() * min(width, 2000)
            let h = random.unit() * random.unit() * min(height, 2000)
            let rect = Rect(x: x, y: y, width: w, height: h)
            return index % 2 == 0 ? rect : Rect(x: x.rounded(), y: y.rounded(), width: w.rounded(), height: h.rounded())
        }
    }
}
