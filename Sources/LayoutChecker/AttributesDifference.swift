import LayoutKit

/// One field on which two attributes of the same element differ.
public struct FieldDifference: Hashable, Sendable {
    /// "frame.x", "zIndex", "alpha", "hidden", or an extra field's name.
    public var field: String
    /// The value expected (recorded, or given by the reference answer).
    public var recorded: String
    /// The value seen now.
    public var now: String
}

extension LayoutAttributes {
    /// The fields on which `self` differs from `expected`, in a fixed order; NaN equals NaN
    /// here, so that a NaN is reported once, as a number problem, not as a difference too.
    public func differences(from expected: LayoutAttributes) -> [FieldDifference] {
        if self == expected { return [] }  // the common case, without building anything
        var result: [FieldDifference] = []
        func compare(_ field: String, _ now: Double, _ then: Double) {
            if !(now == then || (now.isNaN && then.isNaN)) {
                result.append(
                    FieldDifference(field: field, recorded: then.compactDescription, now: now.compactDescription))
            }
        }
        if element != expected.element {
            result.append(
                FieldDifference(field: "element", recorded: expected.element.description, now: element.description))
        }
        compare("frame.x", frame.x, expected.frame.x)
        compare("frame.y", frame.y, expected.frame.y)
        compare("frame.width", frame.width, expected.frame.width)
        compare("frame.height", frame.height, expected.frame.height)
        if zIndex != expected.zIndex {
            result.append(FieldDifference(field: "zIndex", recorded: "\(expected.zIndex)", now: "\(zIndex)"))
        }
        compare("alpha", alpha, expected.alpha)
        if isHidden != expected.isHidden {
            result.append(FieldDifference(field: "hidden", recorded: "\(expected.isHidden)", now: "\(isHidden)"))
        }
        for key in Set(extra.keys).union(expected.extra.keys).sorted() where extra[key] != expected.extra[key] {
            result.append(
                FieldDifference(
                    field: key, recorded: expected.extra[key].map { "\($0)" } ?? "absent",
                    now: extra[key].map { "\($0)" } ?? "absent"))
        }
        return result
    }

    /// Why the numbers are unusable (not finite, negative size), or nil if they are fine.
    var numericProblem: String? {
        for (name, number) in [
            ("frame.x", frame.x), ("frame.y", frame.y), ("frame.width", frame.width),
            ("frame.height", frame.height), ("alpha", alpha),
        ] where !number.isFinite {
            return "\(name) is \(number.compactDescription)"
        }
        if frame.width < 0 || frame.height < 0 { return "frame \(frame.text) has a negative size" }
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) where !value.isFinite {
            return "extra field '\(key)' holds a number that is not finite"
        }
        return nil
    }
}

extension Value {
    /// Whether every number in the value is finite.
    var isFinite: Bool {
        switch self {
        case .number(let number): return number.isFinite
        case .list(let elements): return elements.allSatisfy(\.isFinite)
        case .map(let entries): return entries.values.allSatisfy(\.isFinite)
        case .null, .bool, .string: return true
        }
    }
}

extension Rect {
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
    /// "(x, y, width, height)".
    var text: String {
        "(\(x.compactDescription), \(y.compactDescription), \(width.compactDescription), \(height.compactDescription))"
    }
}

extension Size {
    var text: String { "\(width.compactDescription) × \(height.compactDescription)" }
    func isSame(as other: Size) -> Bool {
        (width == other.width || (width.isNaN && other.width.isNaN))
            && (height == other.height || (height.isNaN && other.height.isNaN))
    }
}

extension Point {
    var text: String { "(\(x.compactDescription), \(y.compactDescription))" }
}
