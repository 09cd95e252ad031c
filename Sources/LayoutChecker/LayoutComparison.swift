import LayoutKit

/// Compares two layouts of the same data question by question: a fast layout against a
/// simple reference (the seed's algorithm), in tests.
public enum LayoutComparison {
    /// The first disagreement between the two layouts over `rects` — content size, each
    /// rect's answer, each answer's first elements looked up alone — or nil.
    public static func firstDisagreement(_ engine: some Layout, _ reference: some Layout, rects: [Rect]) -> String? {
        if engine.contentSize != reference.contentSize {
            return "content size \(engine.contentSize.text) ≠ \(reference.contentSize.text)"
        }
        for rect in rects {
            let found = engine.elements(in: rect), expected = reference.elements(in: rect)
            if found != expected {
                let missing = Set(expected.map(\.element)).subtracting(found.map(\.element)).sorted().prefix(3)
                let extra = Set(found.map(\.element)).subtracting(expected.map(\.element)).sorted().prefix(3)
                return
                    "rect \(rect.text): \(found.count) found, \(expected.count) expected; missing \(Array(missing)), extra \(Array(extra))"
            }
            for attributes in found.prefix(4) where engine.attributes(for: attributes.element) != attributes {
                return "attributes(for: \(attributes.element)) differs from the query's"
            }
        }
        return nil
    }
}
