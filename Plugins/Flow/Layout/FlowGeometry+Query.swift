import LayoutKit

/// Rect queries (§13): the elements whose final frames (pinned, rounded) strictly intersect
/// the rect, in canonical order — cells by section and item, then every footer, then every
/// header, each by section. O(log sections + log lines + k): sections and lines are found by
/// binary search along the scroll axis, a uniform section's lines and columns by division;
/// every candidate's frame is tested exactly.
extension FlowGeometry {
    /// Appends the elements meeting `rect` with pinned views placed for `bounds`, handing
    /// them to `flush` whenever `pieceSize` are waiting.
    func elements(
        in rect: Rect, bounds: Rect, into result: inout [LayoutAttributes], pieceSize: Int,
        flush: (inout [LayoutAttributes]) -> Void
    ) {
        let span = metrics.lineTerms(of: rect)
        let sectionRange = sections(overlapping: span.cStart, span.cEnd)
        guard !sectionRange.isEmpty else { return }
        reserveRoom(in: &result, sectionRange, span, limit: Swift.min(pieceSize, 4096))
        for section in sectionRange {
            switch sections[section].items {
            case .none: break
            case .uniform(let grid):
                appendCells(of: grid, section: section, in: rect, span, into: &result, pieceSize, flush)
            case .mixed(let firstItem, let firstLine, let lineCount):
                let lineRange = lines(firstLine..<firstLine + lineCount, overlapping: span.cStart, span.cEnd)
                for line in lineRange {
                    for stored in items(ofLine: line, in: section) {
                        let m = lines.positions[stored]
                        if m - metrics.slack(near: m) >= span.mEnd { break }
                        let frame = mixedFrame(stored, line: line)
                        guard frame.intersects(rect) else { continue }
                        result.append(LayoutAttributes(element: .cell(section, stored - firstItem), frame: frame))
                    }
                    if result.count >= pieceSize { flush(&result) }
                }
            }
        }
        if metrics.footerExtent > 0 {
            for section in sectionRange {
                let frame = footerFrame(section: section, bounds: bounds)
                if frame.intersects(rect) { result.append(Self.supplementary(FlowLayout.footer, section, frame)) }
                if result.count >= pieceSize { flush(&result) }
            }
        }
        if metrics.headerExtent > 0 {
            for section in sectionRange {
                let frame = headerFrame(section: section, bounds: bounds)
                if frame.intersects(rect) { result.append(Self.supplementary(FlowLayout.header, section, frame)) }
                if result.count >= pieceSize { flush(&result) }
            }
        }
    }

    /// A header's or footer's attributes: zIndex 10, pinned or not (CHOICE 6).
    static func supplementary(_ kind: String, _ section: Int, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(element: .supplementary(kind, section, 0), frame: frame, zIndex: 10)
    }

    /// The stored items of `line` of `section` (a mixed section).
    func items(ofLine line: Int, in section: Int) -> Range<Int> {
        guard case .mixed(let firstItem, let firstLine, let lineCount) = sections[section].items else { return 0..<0 }
        let end =
            line + 1 < firstLine + lineCount ? lines.lineFirstItems[line + 1] : firstItem + sections[section].itemCount
        return lines.lineFirstItems[line]..<end
    }

    /// Makes room in `result` for the answer at once rather than growing into it: as many
    /// elements as the sections' candidates (an upper bound), at most `limit` more; nothing
    /// when there is room for `limit` already.
    private func reserveRoom(
        in result: inout [LayoutAttributes], _ sectionRange: Range<Int>,
        _ span: (mStart: Double, mEnd: Double, cStart: Double, cEnd: Double), limit: Int
    ) {
        guard result.capacity - result.count < limit else { return }
        let perSection = (metrics.headerExtent > 0 ? 1 : 0) + (metrics.footerExtent > 0 ? 1 : 0)
        var bound = Swift.min(sectionRange.count, limit) * perSection
        for section in sectionRange where bound < limit {
            switch sections[section].items {
            case .none: break
            case .uniform(let grid):
                let slack = metrics.slack(near: Swift.max(abs(span.cStart), abs(span.cEnd), abs(grid.linesEnd)))
                if let candidates = grid.candidates(
                    mStart: span.mStart, mEnd: span.mEnd, cStart: span.cStart, cEnd: span.cEnd, slack: slack)
                {
                    bound += candidates.lines.count * candidates.columns.count
                }
            case .mixed(_, let firstLine, let lineCount):
                let lineRange = lines(firstLine..<firstLine + lineCount, overlapping: span.cStart, span.cEnd)
                guard let last = lineRange.last else { break }
                bound += items(ofLine: last, in: section).upperBound - lines.lineFirstItems[lineRange.lowerBound]
            }
        }
        let wanted = result.count + Swift.min(bound, limit)
        if result.capacity < wanted { result.reserveCapacity(wanted) }
    }

    /// The grid's cells meeting the rect: its candidate lines and columns, each tested.
    private func appendCells(
        of grid: UniformGrid, section: Int, in rect: Rect,
        _ span: (mStart: Double, mEnd: Double, cStart: Double, cEnd: Double), into result: inout [LayoutAttributes],
        _ pieceSize: Int, _ flush: (inout [LayoutAttributes]) -> Void
    ) {
        let slack = metrics.slack(near: Swift.max(abs(span.cStart), abs(span.cEnd), abs(grid.linesEnd)))
        guard
            let candidates = grid.candidates(
                mStart: span.mStart, mEnd: span.mEnd, cStart: span.cStart, cEnd: span.cEnd, slack: slack)
        else { return }
        for line in candidates.lines {
            let c = grid.firstLine + Double(line) * grid.lineStep
            for column in candidates.columns {
                let item = line * grid.columns + column
                guard item < grid.count else { break }
                let m = grid.firstColumn + Double(column) * grid.columnStep
                let frame = metrics.frame(m: m, c: c, main: grid.main, cross: grid.cross)
                if frame.intersects(rect) {
                    result.append(LayoutAttributes(element: .cell(section, item), frame: frame))
                }
            }
            if result.count >= pieceSize { flush(&result) }
        }
    }

    /// The sections whose extent along `c` may meet `(start, end)`: from the first ending after
    /// `start` to the last starting before `end`, widened by the slack. O(log sections).
    private func sections(overlapping start: Double, _ end: Double) -> Range<Int> {
        let first = Self.partition(0..<sections.count) { sections[$0].end > start - metrics.slack(near: start) }
        let last = Self.partition(first..<sections.count) { sections[$0].start - metrics.slack(near: end) >= end }
        return first..<last
    }

    /// The lines of `range` whose extent along `c` may meet `(start, end)`. O(log lines).
    private func lines(_ range: Range<Int>, overlapping start: Double, _ end: Double) -> Range<Int> {
        let first = Self.partition(range) {
            lines.lineOrigins[$0] + lines.lineExtents[$0] > start - metrics.slack(near: start)
        }
        let last = Self.partition(first..<range.upperBound) { lines.lineOrigins[$0] - metrics.slack(near: end) >= end }
        return first..<last
    }

    /// The first index of `range` where `predicate` holds (it holds from there on). O(log n).
    private static func partition(_ range: Range<Int>, _ predicate: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
