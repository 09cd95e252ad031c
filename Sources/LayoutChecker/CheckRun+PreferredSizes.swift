import LayoutKit

extension CheckRun {
    /// Self-sizing: a fresh layout is told a preferred size for its first, middle and last
    /// cells (each side a little larger than its frame) and prepared again. A size it took
    /// must be the element's frame size then; if it took none, no frame may move.
    func checkPreferredSizes(_ findings: inout CappedViolations) {
        let cells = all.filter { $0.element.category == .cell }
        guard !cells.isEmpty, let layout = try? freshLayout(at: bounds) else { return }
        let before = layout.elements(in: .everything)
        let chosen = Array(Set([0, cells.count / 2, cells.count - 1])).sorted().map { cells[$0] }
        var taken: [(ElementID, PreferredSizeAnswer)] = []
        for cell in chosen {
            let preferred = Size(width: cell.frame.width + 7, height: cell.frame.height * 1.5 + 13)
            if let answer = layout.preferredAttributes(preferred, for: cell.element) {
                taken.append((cell.element, answer))
            }
        }
        do {
            try layout.prepare(LayoutContext(dataSource: data, bounds: bounds))
        } catch {
            findings.add(.preferredSize, nil, "preparing again after preferred sizes failed: \(error)")
            return
        }
        for problem in (layout as? RecordReporting)?.takeRecordProblems() ?? [] {
            findings.add(.preferredSize, nil, problem)
        }
        guard !taken.isEmpty else {
            if layout.elements(in: .everything) != before {
                findings.add(
                    .preferredSize, nil, "ignored every preferred size, yet its frames changed when prepared again")
            }
            return
        }
        for (element, answer) in taken {
            guard let frame = layout.attributes(for: element)?.frame else {
                findings.add(.preferredSize, element, "took a preferred size, then has no such element")
                continue
            }
            if !frame.size.isSame(as: answer.size) {
                findings.add(
                    .preferredSize, element,
                    "took a preferred size as \(answer.size.text), but its frame is \(frame.size.text) when prepared again"
                )
            }
        }
    }
}
