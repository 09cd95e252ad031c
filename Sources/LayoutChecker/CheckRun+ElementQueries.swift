import LayoutKit

extension CheckRun {
    /// The most "not in the layout" element queries one check asks.
    static let maximumProbes = 100_000

    /// `attributes(for:)` of every element equals the whole-layout query's answer, and is nil
    /// for elements the queries do not return: every data item's cell, and the neighbours of
    /// the elements there are (one past the last item or section, negative indices).
    func checkElementQueries(_ findings: inout CappedViolations) {
        for attributes in all {
            guard !findings.isFull(.elementQuery) else { return }
            guard let answer = layout.attributes(for: attributes.element) else {
                findings.add(
                    .elementQuery, attributes.element,
                    "attributes(for:) returns nil, but the whole-layout query returns it at \(attributes.frame.text)")
                continue
            }
            if let difference = answer.differences(from: attributes).first {
                findings.add(
                    .elementQuery, attributes.element,
                    "attributes(for:) gives \(difference.field) \(difference.now), the whole-layout query \(difference.recorded)"
                )
            }
        }
        reportRecordProblems(&findings)
        guard problemsOfAll.isEmpty else { return }  // `all` is not the whole layout: nothing to probe against.
        let present = Set(all.map(\.element))
        var asked = Set<ElementID>()
        for probe in probes(besides: present) where asked.insert(probe).inserted {
            guard !findings.isFull(.elementQuery) else { return }
            if let answer = layout.attributes(for: probe) {
                findings.add(
                    .elementQuery, probe, "attributes(for:) returns it at \(answer.frame.text), but no rect query does")
            }
        }
    }

    /// Elements that should not exist: every data item's cell not in the layout, and around
    /// each kind's index paths, at most `maximumProbes` in all.
    private func probes(besides present: Set<ElementID>) -> [ElementID] {
        var probes: [ElementID] = []
        var budget = Self.maximumProbes
        sections: for section in 0..<data.numberOfSections {
            for item in 0..<data.numberOfItems(inSection: section) {
                guard budget > 0 else { break sections }
                budget -= 1
                let cell = ElementID.cell(section, item)
                if !present.contains(cell) { probes.append(cell) }
            }
        }
        var groups: [ElementID: (maxSection: Int, maxItemBySection: [Int: Int])] = [:]
        for element in present {
            let key = ElementID(category: element.category, kind: element.kind, path: ItemPath(section: 0, item: 0))
            var group = groups[key] ?? (maxSection: -1, maxItemBySection: [:])
            group.maxSection = max(group.maxSection, element.path.section)
            group.maxItemBySection[element.path.section] = max(
                group.maxItemBySection[element.path.section] ?? -1, element.path.item)
            groups[key] = group
        }
        groups[.cell(0, 0)] = groups[.cell(0, 0)] ?? (maxSection: data.numberOfSections - 1, maxItemBySection: [:])
        for (key, group) in groups.sorted(by: { $0.key < $1.key }) {
            func id(_ section: Int, _ item: Int) -> ElementID {
                ElementID(category: key.category, kind: key.kind, path: ItemPath(section: section, item: item))
            }
            var around = [id(-1, 0), id(0, -1), id(group.maxSection + 1, 0), id(Int.max, 0), id(0, Int.max)]
            for (section, maxItem) in group.maxItemBySection.sorted(by: { $0.key < $1.key }).prefix(1000) {
                around.append(id(section, maxItem + 1))
            }
            probes += around.filter { !present.contains($0) }
        }
        return probes
    }
}
