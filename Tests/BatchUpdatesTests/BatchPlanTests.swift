import BatchUpdates
import LayoutKit
import TestSupport
import Testing

/// Batch plans against a brute-force simulation of UICollectionView's rules.
struct BatchPlanTests {
    /// Sections of labelled items; a label is "o<section>.<item>" for old items.
    typealias Labels = [[String]]

    static func labels(_ counts: [Int]) -> Labels {
        counts.enumerated().map { section, count in (0..<count).map { "o\(section).\($0)" } }
    }

    /// The batch applied step by step, the plain way: remove deleted and moved-away items
    /// (reloaded ones get their new label), remove deleted and moved-away sections, insert
    /// sections in ascending order of their new positions, then items likewise (a moved
    /// section takes its items along). Nil when a position is out of range at its step, a
    /// position is named twice, or an item change touches a deleted or inserted section.
    static func bruteForce(_ old: Labels, _ changes: [BatchChange]) -> Labels? {
        var sections: [[String]?] = old.map { Optional($0) }
        var removedItems = Set<ItemPath>(), removedSections = Set<Int>(), takenItems = Set<ItemPath>(),
            takenSections = Set<Int>()
        for change in changes {
            switch change {
            case .delete(let path), .reload(let path, _), .move(let path, _):
                guard path.section >= 0, path.section < old.count, path.item >= 0, path.item < old[path.section].count,
                    removedItems.insert(path).inserted
                else { return nil }
            case .deleteSection(let section), .moveSection(let section, _):
                guard section >= 0, section < old.count, removedSections.insert(section).inserted else { return nil }
            default: break
            }
            switch change {
            case .insert(let path, _), .move(_, let path): guard takenItems.insert(path).inserted else { return nil }
            case .insertSection(let section, _, _), .moveSection(_, let section):
                guard takenSections.insert(section).inserted else { return nil }
            default: break
            }
        }
        for change in changes {
            switch change {
            case .delete(let path), .reload(let path, _), .move(let path, _):
                if changes.contains(.deleteSection(path.section)) { return nil }
            default: break
            }
        }
        var moved: [ItemPath: String] = [:]
        for change in changes {
            if case .move(let from, _) = change { moved[from] = old[from.section][from.item] }
        }
        for section in old.indices {
            var items: [String] = []
            for item in old[section].indices {
                let path = ItemPath(section: section, item: item)
                if let reload = changes.first(where: {
                    if case .reload(path, _) = $0 { return true } else { return false }
                }),
                    case .reload(_, let value) = reload
                {
                    items.append("r\(value.number!)")
                } else if !removedItems.contains(path) {
                    items.append(old[section][item])
                }
            }
            sections[section] = items
        }
        var movedSections: [Int: [String]] = [:]
        for change in changes {
            if case .moveSection(let from, let to) = change { movedSections[to] = sections[from]! }
        }
        var result = sections.enumerated().filter { !removedSections.contains($0.offset) }.map { $0.element! }
        var isNew = [Bool](repeating: false, count: result.count)
        let sectionArrivals = changes.compactMap { change -> (Int, [String])? in
            switch change {
            case .insertSection(let to, let items, _): return (to, items.map { "n\($0.number!)" })
            case .moveSection(_, let to): return (to, movedSections[to]!)
            default: return nil
            }
        }.sorted { $0.0 < $1.0 }
        for (to, items) in sectionArrivals {
            guard to >= 0, to <= result.count else { return nil }
            result.insert(items, at: to)
            isNew.insert(
                changes.contains { if case .insertSection(to, _, _) = $0 { return true } else { return false } }, at: to
            )
        }
        let itemArrivals = changes.compactMap { change -> (ItemPath, String)? in
            switch change {
            case .insert(let to, let value): return (to, "n\(value.number!)")
            case .move(let from, let to): return (to, moved[from]!)
            default: return nil
            }
        }.sorted { $0.0 < $1.0 }
        for (to, label) in itemArrivals {
            guard to.section >= 0, to.section < result.count, !isNew[to.section], to.item >= 0,
                to.item <= result[to.section].count
            else { return nil }
            result[to.section].insert(label, at: to.item)
        }
        return result
    }

    /// The labels after `plan`, read through its maps.
    static func planned(_ old: Labels, _ plan: BatchPlan) -> Labels {
        plan.newSectionCounts.indices.map { section in
            (plan.newSectionStarts[section]..<plan.newSectionStarts[section + 1]).map { global in
                let source = plan.itemNewToOld[global]
                if source >= 0 {
                    let oldSection = (0..<old.count).first {
                        plan.oldSectionStarts[$0] <= source && source < plan.oldSectionStarts[$0 + 1]
                    }!
                    return old[oldSection][source - plan.oldSectionStarts[oldSection]]
                }
                let value = plan.newValues[global]!.number!
                return plan.reloads.values.contains(global) ? "r\(value)" : "n\(value)"
            }
        }
    }

    static func randomBatch(_ counts: [Int], _ random: inout SplitMix) -> [BatchChange] {
        var changes: [BatchChange] = []
        var next = 0.0
        func value() -> Value { next += 1; return .number(next) }
        func path(_ spread: Int) -> ItemPath {
            let section = random.next(in: 0...max(0, counts.count - 1 + spread / 2))
            let size = section < counts.count ? counts[section] : 1
            return ItemPath(section: section, item: random.next(in: 0...max(0, size - 1 + spread)))
        }
        for _ in 0..<random.next(in: 1...6) {
            switch random.next(in: 0...9) {
            case 0, 1: changes.append(.insert(path(1), value: value()))
            case 2, 3: changes.append(.delete(path(0)))
            case 4: changes.append(.reload(path(0), value: value()))
            case 5, 6: changes.append(.move(path(0), to: path(0)))
            case 7:
                changes.append(
                    .insertSection(
                        random.next(in: 0...counts.count), items: (0..<random.next(in: 0...2)).map { _ in value() },
                        title: nil))
            case 8: changes.append(.deleteSection(random.next(in: 0...counts.count)))
            default:
                changes.append(.moveSection(random.next(in: 0...counts.count), to: random.next(in: 0...counts.count)))
            }
        }
        return changes
    }

    @Test func randomBatchesMatchTheBruteForceSimulation() {
        var random = SplitMix(seed: 11)
        var valid = 0, refused = 0
        for _ in 0..<4000 {
            let counts = (0..<random.next(in: 0...4)).map { _ in random.next(in: 0...4) }
            let changes = Self.randomBatch(counts, &random)
            let expected = Self.bruteForce(Self.labels(counts), changes)
            do {
                let plan = try BatchPlan(changes: changes, sectionCounts: counts)
                #expect(expected != nil, "accepted a batch the simulation refuses: \(changes) on \(counts)")
                if let expected {
                    #expect(Self.planned(Self.labels(counts), plan) == expected, "\(changes) on \(counts)")
                }
                #expect(plan.newSectionCounts == expected?.map(\.count))
                valid += 1
            } catch {
                #expect(expected == nil, "refused \(changes) on \(counts): \(error)")
                #expect(error.index >= 0 && error.index < changes.count)
                refused += 1
            }
        }
        #expect(valid > 800 && refused > 800, "valid \(valid), refused \(refused)")
    }

    @Test func identityMapsAreInversesAndSkipReloads() throws {
        let plan = try BatchPlan(
            changes: [
                .reload(ItemPath(section: 0, item: 1), value: 9), .delete(ItemPath(section: 0, item: 0)),
                .insert(ItemPath(section: 0, item: 0), value: 7),
                .move(ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 1)),
            ],
            sectionCounts: [4])
        // old [a b c d] → new [7 d b' c]: a deleted, b reloaded, d moved to 1.
        #expect(plan.itemNewToOld == [-1, 3, -1, 2])
        #expect(plan.itemOldToNew == [-1, -1, 3, 1])
        #expect(plan.reloads == [1: 2])
        #expect(plan.newPath(ofOld: ItemPath(section: 0, item: 3)) == ItemPath(section: 0, item: 1))
        #expect(plan.oldPath(ofNew: ItemPath(section: 0, item: 2)) == nil)
        #expect(plan.firstChangedItem == 0)
    }

    @Test func refusalsNameTheChangeAndTheReason() {
        func refusal(_ changes: [BatchChange], _ counts: [Int], rules: BatchRules = BatchRules()) -> String? {
            do { _ = try BatchPlan(changes: changes, sectionCounts: counts, rules: rules); return nil } catch {
                return error.description
            }
        }
        #expect(
            refusal([.delete(ItemPath(section: 0, item: 5))], [3])
                == "changes[0]: item [0, 5] does not exist (section 0 has 3 items before the batch)")
        #expect(
            refusal([.delete(ItemPath(section: 0, item: 1)), .reload(ItemPath(section: 0, item: 1), value: 1)], [3])
                == "changes[1]: item [0, 1] is already deleted, reloaded or moved by changes[0]")
        #expect(
            refusal([.insert(ItemPath(section: 0, item: 4), value: 1)], [3])
                == "changes[0]: item [0, 4] is out of range: section 0 has 4 items after the batch")
        #expect(
            refusal([.deleteSection(0), .delete(ItemPath(section: 0, item: 0))], [3, 1])
                == "changes[1]: section 0 is deleted by this batch; its items go with it")
        #expect(
            refusal([.insertSection(0, items: [], title: nil), .insert(ItemPath(section: 0, item: 0), value: 1)], [3])
                == "changes[1]: section 0 is inserted by this batch; give its items in 'insertSection'")
        #expect(
            refusal([.moveSection(0, to: 2)], [1, 1])
                == "changes[0]: section 2 is out of range: there are 2 sections after the batch")
        #expect(
            refusal(
                [.insert(ItemPath(section: 0, item: 0), value: 1)], [3],
                rules: BatchRules(allowsStructuralChanges: false))?
                .hasPrefix("changes[0]: this source takes only 'reload' changes") == true)
        #expect(
            refusal(
                [.reload(ItemPath(section: 1, item: 0), value: 1), .delete(ItemPath(section: 1, item: 1))], [2, 2],
                rules: BatchRules(itemsPerSection: 2))
                == "changes[1]: row 1 would have 1 values for 2 columns; a table's rows change whole")
    }

    @Test func applyingCopiesOldValuesAndMovesTableRowTitles() throws {
        var builder = DataSetBuilder()
        for row in 0..<3 {
            for column in 0..<2 { builder.append(.number(Double(row * 10 + column))) }
            builder.endSection()
        }
        builder.metadata = ["columns": ["A", "B"], "rows": ["Ann", "Bo", "Cy"]]
        let old = builder.build()
        let changes: [BatchChange] = [
            .moveSection(0, to: 2), .insertSection(0, items: [7, 8], title: "Dee"), .deleteSection(1),
            .reload(ItemPath(section: 2, item: 1), value: "x"),
        ]
        let plan = try BatchPlan(
            changes: changes, sectionCounts: old.source.sectionCounts, rules: old.source.batchRules)
        let new = plan.apply(to: old.source).source
        #expect(new.sectionCounts == [2, 2, 2])
        let values = (0..<3).map { section in (0..<2).map { new.value(at: ItemPath(section: section, item: $0)) } }
        #expect(values == [[7, 8], [20, "x"], [0, 1]])
        #expect(new.metadata["rows"] == ["Dee", "Cy", "Ann"])
        #expect(new.metadata["columns"] == ["A", "B"])
    }

    @Test func treeReloadsKeepChildren() throws {
        var builder = DataSetBuilder(isTree: true)
        builder.append(["name": "root"], children: [1, 2])
        builder.endSection()
        builder.append(["name": "a"])
        builder.append(["name": "b"])
        builder.endSection()
        let old = builder.build()
        let plan = try BatchPlan(
            changes: [.reload(ItemPath(section: 0, item: 0), value: ["name": "ROOT"])],
            sectionCounts: old.source.sectionCounts, rules: old.source.batchRules)
        let new = plan.apply(to: old.source).source
        #expect(new.value(at: ItemPath(section: 0, item: 0)) == ["name": "ROOT"])
        #expect(
            new.children(of: ItemPath(section: 0, item: 0)) == [
                ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1),
            ])
        #expect(new.value(at: ItemPath(section: 1, item: 1)) == ["name": "b"])
    }
}
