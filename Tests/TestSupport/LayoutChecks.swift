import LayoutKit

/// Checks every layout must pass, comparing an engine layout with a brute-force reference.
public enum LayoutChecks {
    /// Rects of all sizes over and around `content`, deterministic.
    public static func randomRects(_ count: Int, around content: Size, seed: UInt64) -> [Rect] {
        var random = SplitMix(seed: seed)
        let width = max(content.width, 1), height = max(content.height, 1)
        return (0..<count).map { _ in
            Rect(x: Double(random.next(in: -100...Int(width) + 100)) + 0.5 * Double(random.next(in: 0...1)),
                 y: Double(random.next(in: -100...Int(height) + 100)),
                 width: Double(random.next(in: 0...Int(min(width, 2000)))),
                 height: Double(random.next(in: 0...Int(min(height, 2000)))))
        }
    }

    /// The first disagreement between the two layouts over `rects` (query results, and each
    /// hit looked up alone), or nil.
    public static func firstDisagreement(_ engine: some Layout, _ reference: some Layout, rects: [Rect]) -> String? {
        if engine.contentSize != reference.contentSize {
            return "content size \(engine.contentSize) ≠ \(reference.contentSize)"
        }
        for rect in rects {
            let found = engine.elements(in: rect), expected = reference.elements(in: rect)
            if found != expected {
                let missing = Set(expected.map(\.element)).subtracting(found.map(\.element)).sorted().prefix(3)
                let extra = Set(found.map(\.element)).subtracting(expected.map(\.element)).sorted().prefix(3)
                return "rect \(rect): \(found.count) found, \(expected.count) expected; missing \(Array(missing)), extra \(Array(extra))"
            }
            for attributes in found.prefix(4) where engine.attributes(for: attributes.element) != attributes {
                return "attributes(for: \(attributes.element)) differs from the query's"
            }
        }
        return nil
    }
}
