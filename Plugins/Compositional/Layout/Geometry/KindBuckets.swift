import LayoutKit

/// Supplementary or decoration views of a query, gathered in (section, item) order and handed
/// over in canonical order: by kind rank, then as gathered (a stable counting sort).
///
/// Gathers plain records (no strings), and is reused from query to query, so that steady-state
/// queries allocate nothing and copy no attributes twice.
struct KindBuckets {
    /// A view waiting for its place.
    private struct Pending {
        var rank: Int
        var section: Int
        var item: Int
        var frame: Rect
        var zIndex: Int
    }

    private var entries: [Pending] = []
    private var starts: [Int] = []
    private var order: [Int] = []

    mutating func append(rank: Int, section: Int, item: Int, frame: Rect, zIndex: Int) {
        entries.append(Pending(rank: rank, section: section, item: item, frame: frame, zIndex: zIndex))
    }

    /// Appends the gathered views of `category` to `result` by rank (`names[rank]` is the kind),
    /// stably, and empties the buckets. O(views + kinds).
    mutating func drain(into result: inout [LayoutAttributes], category: ElementCategory, names: [String]) {
        defer { entries.removeAll(keepingCapacity: true) }
        guard !entries.isEmpty else { return }
        func append(_ entry: Pending) {
            let element = ElementID(
                category: category, kind: names[entry.rank], path: ItemPath(section: entry.section, item: entry.item))
            result.append(LayoutAttributes(element: element, frame: entry.frame, zIndex: entry.zIndex))
        }
        if zip(entries, entries.dropFirst()).allSatisfy({ $0.rank <= $1.rank }) {
            for entry in entries { append(entry) }
            return
        }
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: repeatElement(0, count: names.count + 1))
        for entry in entries { starts[entry.rank + 1] += 1 }
        for rank in 0..<names.count { starts[rank + 1] += starts[rank] }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: entries.count))
        for (index, entry) in entries.enumerated() {
            order[starts[entry.rank]] = index
            starts[entry.rank] += 1
        }
        for index in order { append(entries[index]) }
    }
}
