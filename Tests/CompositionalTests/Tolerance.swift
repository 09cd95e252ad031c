import LayoutKit

/// Comparisons to 1e-6, relative (the contract's tolerance).
enum Tolerance {
    static func isClose(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
    }

    static func isClose(_ a: Rect, _ b: Rect) -> Bool {
        isClose(a.minX, b.minX) && isClose(a.minY, b.minY) && isClose(a.width, b.width) && isClose(a.height, b.height)
    }

    static func isClose(_ a: Size, _ b: Size) -> Bool {
        isClose(a.width, b.width) && isClose(a.height, b.height)
    }

    static func isClose(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                $0.element == $1.element && $0.zIndex == $1.zIndex && isClose($0.frame, $1.frame)
            }
    }
}
