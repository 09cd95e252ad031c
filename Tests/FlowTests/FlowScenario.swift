import LayoutKit
import ReferenceLayouts

/// A random view for the property tests: options, data and bounds drawn from a seed, with
/// the cases the contract singles out made likely (uniform and mixed sections, equal
/// leftovers, items wider than the line, insets wider than the view, empty sections).
struct FlowScenario: CustomStringConvertible {
    var flow: ReferenceFlow
    var sections: [[Value]]
    var bounds: Rect

    var description: String { "\(flow.options) \(sections.map(\.count)) \(bounds)" }

    init(seed: UInt64) {
        var random = TestRandom(seed: seed)
        flow = ReferenceFlow()
        flow.isHorizontal = random.chance(35)
        flow.itemSize = random.pick([
            Size(width: 50, height: 50), Size(width: 20, height: 35), Size(width: 33.3, height: 12.5),
            Size(width: 120, height: 40), Size(width: 7, height: 7),
        ])
        flow.lineSpacing = random.pick([0, 10, 3.5, 25])
        flow.interitemSpacing = random.pick([0, 10, 5, 12.25])
        let edges: [Double] = [0, 0, 4, 10.5, 30]
        flow.inset = EdgeInsets(
            top: random.pick(edges), left: random.pick(edges), bottom: random.pick(edges), right: random.pick(edges))
        if random.chance(8) { flow.inset = EdgeInsets(all: 150) }
        let extents: [Double] = [0, 0, 24, 31.5]
        flow.headerSize = Size(width: random.pick(extents), height: random.pick(extents))
        flow.footerSize = Size(width: random.pick(extents), height: random.pick(extents))
        flow.pinsHeaders = random.chance(40)
        flow.pinsFooters = random.chance(40)
        if random.chance(20) {
            flow.estimatedSize = random.pick([Size(width: 50, height: 50), Size(width: 44, height: 21.5)])
        }
        if random.chance(25) { flow.displayScale = random.pick([1, 2, 3]) }
        let lineLength = random.pick([100, 200, 375, 57.5, 333.3])
        let otherExtent = random.pick([100.0, 300, 667])
        let scroll = Double(random.next(in: -60...1500)) + random.pick([0, 0.25, 0.4])
        bounds =
            flow.isHorizontal
            ? Rect(x: scroll, y: 0, width: otherExtent, height: lineLength)
            : Rect(x: 0, y: scroll, width: lineLength, height: otherExtent)
        sections = (0..<random.next(in: 0...5)).map { _ in Self.section(&random) }
    }

    private static func section(_ random: inout TestRandom) -> [Value] {
        let count = random.pick([0, 1, 2, 5, 13, 40])
        let mains: [Double] = [20, 30, 45, 60, 75, 100]
        let crosses: [Double] = [20, 35, 50]
        switch random.next(in: 0...5) {
        case 0: return (0..<count).map { _ in random.pick([nil, 3, "tag", [1], ["label": "x"]]) }
        case 1:
            let size: Value = ["width": .number(random.pick(mains)), "height": .number(random.pick(crosses))]
            return Array(repeating: size, count: count)
        case 2:
            return (0..<count).map { _ in
                ["width": .number(random.pick(mains)), "height": .number(random.pick(crosses))]
            }
        case 3:
            return (0..<count).map { _ in
                [
                    "width": .number(random.chance(15) ? 420 : random.pick(mains)),
                    "height": .number(random.pick(crosses)),
                ]
            }
        case 4:
            return (0..<count).map { _ in random.chance(50) ? ["width": .number(random.pick(mains))] : ["height": 30] }
        default:
            var items: [Value] = Array(repeating: nil, count: count)
            if count > 0 { items[random.next(in: 0...(count - 1))] = ["width": 21] }
            return items
        }
    }

    /// A random rect around the content, sometimes touching a frame's edge exactly.
    static func rect(_ random: inout TestRandom, content: Size, frames: [Rect]) -> Rect {
        if !frames.isEmpty, random.chance(30) {
            let frame = random.pick(frames)
            switch random.next(in: 0...3) {
            case 0: return Rect(x: frame.maxX, y: frame.minY, width: 10, height: 10)
            case 1: return Rect(x: frame.minX - 10, y: frame.minY, width: 10, height: 10)
            case 2: return Rect(x: frame.minX, y: frame.maxY, width: 10, height: 10)
            default: return Rect(x: frame.minX, y: frame.minY - 10, width: 10, height: 10.000001)
            }
        }
        return Rect(
            x: Double(random.next(in: -80...(Int(content.width) + 80))),
            y: Double(random.next(in: -80...(Int(content.height) + 80))),
            width: Double(random.next(in: 0...400)) + 0.5, height: Double(random.next(in: 0...900)))
    }
}
