import LayoutKit

extension CheckRun {
    /// Rect queries against brute force, the shape of every answer, and frames inside the content.
    func checkQueries(_ findings: inout CappedViolations) {
        let content = layout.contentSize
        if !(content.width.isFinite && content.height.isFinite && content.width >= 0 && content.height >= 0) {
            findings.add(.wellFormed, nil, "content size \(content.text) is not finite and ≥ 0")
        }
        checkShape(of: all, query: "the whole-layout query", &findings)
        for problem in problemsOfAll { findings.add(.wellFormed, nil, "\(problem), in the whole-layout query") }
        checkInsideContent(content, &findings)
        let everything = all.filter(\.frame.isFinite).sorted { $0.element < $1.element }
        let frames = everything.map(\.frame)
        for rect in rects {
            if findings.isFull(.rectQuery) && findings.isFull(.wellFormed) { break }
            let found = layout.elements(in: rect)
            checkShape(of: found, query: "the query of rect \(rect.text)", &findings)
            reportRecordProblems(&findings)
            guard problemsOfAll.isEmpty else { continue }  // no whole layout to filter
            let expected = Self.bruteForce(frames, rect).map { everything[$0] }
            compare(found.sorted { $0.element < $1.element }, with: expected, in: rect, &findings)
        }
    }

    /// The indices of the frames intersecting `rect`, in order: the definition, O(n).
    static func bruteForce(_ frames: [Rect], _ rect: Rect) -> [Int] {
        frames.withUnsafeBufferPointer { frames in
            var hits: [Int] = []
            for index in frames.indices where frames[index].intersects(rect) { hits.append(index) }
            return hits
        }
    }

    /// Order, duplicates, finite numbers and sizes ≥ 0 of one answer.
    func checkShape(of answer: [LayoutAttributes], query: String, _ findings: inout CappedViolations) {
        var counts: [ElementID: Int] = [:]
        for (index, attributes) in answer.enumerated() {
            counts[attributes.element, default: 0] += 1
            if let problem = attributes.numericProblem {
                findings.add(.wellFormed, attributes.element, "\(problem), in \(query)")
            }
            if index > 0, attributes.element < answer[index - 1].element {
                findings.add(
                    .wellFormed, attributes.element,
                    "comes after \(answer[index - 1].element) in \(query): "
                        + "out of canonical order (cells, supplementary, decoration; each by kind, section, item)")
            }
        }
        for (element, count) in counts.filter({ $0.value > 1 }).sorted(by: { $0.key < $1.key }) {
            findings.add(.wellFormed, element, "returned \(count) times by \(query)")
        }
    }

    /// Problems a layout behind a C boundary found in records it could not turn into
    /// attributes, or in calls that failed, since the last report.
    func reportRecordProblems(_ findings: inout CappedViolations) {
        guard let reporting = layout as? RecordReporting else { return }
        for problem in reporting.takeRecordProblems() { findings.add(.wellFormed, nil, problem) }
    }

    /// Every frame inside the content rect, along the axes the layout does not declare it may
    /// overflow (`Layout.contentOverflow`, ABI 2.3).
    private func checkInsideContent(_ content: Size, _ findings: inout CappedViolations) {
        let overflow = layout.contentOverflow
        let slackX = 1e-9 * max(1, abs(content.width)), slackY = 1e-9 * max(1, abs(content.height))
        for attributes in all where attributes.frame.isFinite {
            let frame = attributes.frame
            let outsideX = frame.minX < -slackX || frame.maxX > content.width + slackX
            let outsideY = frame.minY < -slackY || frame.maxY > content.height + slackY
            if outsideX && !overflow.contains(.horizontal) || outsideY && !overflow.contains(.vertical) {
                findings.add(
                    .insideContent, attributes.element,
                    "frame \(frame.text) is not inside the content rect \(Rect(origin: .zero, size: content).text)"
                        + (overflow.isEmpty ? "" : " (the layout declares overflow \(overflow.axesText) only)"))
            }
        }
    }

    /// One rect's answer (sorted) against the brute-force filter (sorted).
    private func compare(
        _ found: [LayoutAttributes], with expected: [LayoutAttributes], in rect: Rect,
        _ findings: inout CappedViolations
    ) {
        guard found != expected else { return }
        var expectedByID: [ElementID: LayoutAttributes] = [:]
        for attributes in expected { expectedByID[attributes.element] = attributes }
        let foundIDs = Set(found.map(\.element))
        for attributes in found {
            if let wanted = expectedByID[attributes.element] {
                if let difference = attributes.differences(from: wanted).first {
                    findings.add(
                        .rectQuery, attributes.element,
                        "the query of rect \(rect.text) gives \(difference.field) \(difference.now), the whole-layout query \(difference.recorded)"
                    )
                }
            } else if attributes.frame.isFinite {
                findings.add(
                    .rectQuery, attributes.element,
                    "returned by the query of rect \(rect.text), but its frame \(attributes.frame.text) does not intersect it"
                )
            }
        }
        for attributes in expected where !foundIDs.contains(attributes.element) {
            findings.add(
                .rectQuery, attributes.element,
                "missing from the query of rect \(rect.text), though its frame \(attributes.frame.text) intersects it")
        }
    }
}

extension ContentOverflow {
    /// "horizontally", "vertically", "horizontally and vertically".
    var axesText: String {
        [contains(.horizontal) ? "horizontally" : nil, contains(.vertical) ? "vertically" : nil].compactMap { $0 }
            .joined(separator: " and ")
    }
}
