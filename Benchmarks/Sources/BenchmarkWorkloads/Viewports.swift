import LayoutKit
import SeededRandom

/// The viewports the benchmarks query: the same rects in every tool for the same content.
public enum Viewports {
    /// `count` viewport-sized rects at spread-out offsets over the content (the bench's 200).
    public static func spread(_ count: Int, content: Size, viewport: Size) -> [Rect] {
        (0..<count).map { index in
            let fraction = Double((index * 7919) % count) / Double(count)
            let other = Double((index * 104729) % count) / Double(count)
            return Rect(
                x: max(0, content.width - viewport.width) * other,
                y: max(0, content.height - viewport.height) * fraction,
                width: viewport.width, height: viewport.height)
        }
    }

    /// `count` viewport-sized rects at uniformly random origins in [0, W − w) × [0, H − h),
    /// from SplitMix64 (`seed`): the peers harness's random viewports.
    public static func random(_ count: Int, seed: UInt64, content: Size, viewport: Size) -> [Rect] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let x = max(0, content.width - viewport.width) * random.unit()
            let y = max(0, content.height - viewport.height) * random.unit()
            return Rect(x: x, y: y, width: viewport.width, height: viewport.height)
        }
    }

    /// Six flings of 100 frames from spread-out starts, 8 points down (and 4 across) a frame.
    public static func scrollTrace(content: Size, viewport: Size) -> [Rect] {
        (0..<600).map { frame in
            let fling = Double((frame / 100) * 37 % 6) / 6, step = Double(frame % 100)
            return Rect(
                x: max(0, content.width - viewport.width - 400) * fling + step * 4,
                y: max(0, content.height - viewport.height - 800) * fling + step * 8,
                width: viewport.width, height: viewport.height)
        }
    }
}
