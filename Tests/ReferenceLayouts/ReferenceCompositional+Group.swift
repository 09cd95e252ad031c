import LayoutKit

extension ReferenceCompositional {
    /// Lays out a group in `frame` (§3.3), appending its leaves depth first.
    static func layOut(
        _ group: Value, axis: String, path: String, frame: Rect, into leaves: inout [(frame: Rect, item: Value)]
    )
        throws(Failure)
    {
        let size = group["size"]!
        let (t, l, b, r) = effectiveInsets(group["contentInsets"], size)
        let cx = frame.minX + l, cy = frame.minY + t
        let cw = max(0, frame.width - l - r), ch = max(0, frame.height - t - b)
        let horizontal = axis == "horizontal"
        let length = horizontal ? cw : ch, crossLength = horizontal ? ch : cw
        let (s, flexibleSpacing) = spacing(group["interItemSpacing"])
        // A child: its value, along and cross sizes, along and cross edges (value, flexible).
        typealias Child = (
            value: Value, along: Double, cross: Double, lead: (Double, Bool), trail: (Double, Bool),
            crossLead: (Double, Bool), crossTrail: (Double, Bool)
        )
        func child(_ value: Value) -> Child {
            let (_, body) = onlyEntry(value)
            let (w, h) = resolve(body["size"]!, cw, ch)
            let edges = body["edgeSpacing"]
            let leading = spacing(edges?["leading"]), trailing = spacing(edges?["trailing"])
            let top = spacing(edges?["top"]), bottom = spacing(edges?["bottom"])
            return horizontal
                ? (value, w, h, leading, trailing, top, bottom)
                : (value, h, w, top, bottom, leading, trailing)
        }
        var placed: [Child] = []
        var pos = 0.0
        if let list = group["subitems"]?.list {
            var index = 0
            while true {
                let c = child(list[index % list.count])
                let end = pos + (placed.isEmpty ? 0 : s) + c.lead.0 + c.along + c.trail.0
                if end > length + 1e-9 * max(1, abs(length)) { break }
                if placed.count == 10_000 { throw Failure(message: "\(path): too many subitems") }
                placed.append(c)
                pos = end
                index += 1
            }
            if placed.isEmpty { throw Failure(message: "\(path): the group fits no subitem") }
        } else if let one = group["subitem"] {
            let n = Int(group["count"]!.number!)
            var c = child(one)
            c.along = (length - s * Double(n - 1)) / Double(n) - c.lead.0 - c.trail.0
            if c.along < 0 { throw Failure(message: "\(path): negative size") }
            placed = Array(repeating: c, count: n)
        } else {
            let n = Int(group["count"]!.number!)
            let c = child(group["repeatingSubitem"]!)
            for _ in 0..<n {
                let end = pos + (placed.isEmpty ? 0 : s) + c.lead.0 + c.along + c.trail.0
                if end > length + 1e-9 * max(1, abs(length)) { throw Failure(message: "\(path): a copy does not fit") }
                placed.append(c)
                pos = end
            }
        }
        var used = 0.0
        var slots = flexibleSpacing ? placed.count - 1 : 0
        for (i, c) in placed.enumerated() {
            used = used + (i > 0 ? s : 0) + c.lead.0 + c.along + c.trail.0
            slots += (c.lead.1 ? 1 : 0) + (c.trail.1 ? 1 : 0)
        }
        let leftover = max(0, length - used)
        let extra = slots > 0 ? leftover / Double(slots) : 0
        pos = 0
        for (i, c) in placed.enumerated() {
            if i > 0 {
                pos += s
                if flexibleSpacing { pos += extra }
            }
            pos += c.lead.0
            if c.lead.1 { pos += extra }
            let start = pos
            pos += c.along
            pos += c.trail.0
            if c.trail.1 { pos += extra }
            var offset = c.crossLead.0
            let room = crossLength - c.crossLead.0 - c.cross - c.crossTrail.0
            if room > 0 {
                if c.crossLead.1 && c.crossTrail.1 {
                    offset += room / 2
                } else if c.crossLead.1 {
                    offset += room
                }
            }
            let slot =
                horizontal
                ? Rect(x: cx + start, y: cy + offset, width: c.along, height: c.cross)
                : Rect(x: cx + offset, y: cy + start, width: c.cross, height: c.along)
            let (key, body) = onlyEntry(c.value)
            let childPath = path + (group["subitems"] != nil ? ".subitems[?]" : ".subitem") + ".\(key)"
            if key == "item" {
                if leaves.count == 10_000 { throw Failure(message: "too many leaves") }
                let (it, il, ib, ir) = effectiveInsets(body["contentInsets"], body["size"]!)
                leaves.append(
                    (
                        Rect(
                            x: slot.minX + il, y: slot.minY + it, width: max(0, slot.width - il - ir),
                            height: max(0, slot.height - it - ib)), body
                    ))
            } else {
                try layOut(body, axis: key, path: childPath, frame: slot, into: &leaves)
            }
        }
    }

    /// The only key of a map and its value (`{horizontal: …}`).
    static func onlyEntry(_ value: Value) -> (String, Value) {
        let map = value.map!
        return (map.keys.first!, map.values.first!)
    }

    static func resolve(_ size: Value, _ cw: Double, _ ch: Double) -> (Double, Double) {
        func dimension(_ value: Value) -> Double {
            let (kind, number) = onlyEntry(value)
            switch kind {
            case "fractionalWidth": return number.number! * cw
            case "fractionalHeight": return number.number! * ch
            default: return number.number!
            }
        }
        return (dimension(size["width"]!), dimension(size["height"]!))
    }

    static func insets(_ value: Value?) -> (Double, Double, Double, Double) {
        (
            value?["top"]?.number ?? 0, value?["leading"]?.number ?? 0, value?["bottom"]?.number ?? 0,
            value?["trailing"]?.number ?? 0
        )
    }

    /// Insets with those of an estimated axis dropped (§3.2).
    static func effectiveInsets(_ value: Value?, _ size: Value) -> (Double, Double, Double, Double) {
        var (t, l, b, r) = insets(value)
        if size["width"]?["estimated"] != nil { (l, r) = (0, 0) }
        if size["height"]?["estimated"] != nil { (t, b) = (0, 0) }
        return (t, l, b, r)
    }

    /// A spacing's value and whether it is flexible; `fixed(0)` when absent.
    static func spacing(_ value: Value?) -> (Double, Bool) {
        guard let value else { return (0, false) }
        if let flexible = value["flexible"]?.number { return (flexible, true) }
        return (value["fixed"]!.number!, false)
    }
}
