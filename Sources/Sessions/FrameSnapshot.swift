import LayoutKit
import PluginHost

/// Every element's identity and frame, in canonical order: what changed between two
/// moments of a view (`setPreferredSizes`'s `invalidated`). 40 bytes or so an element.
struct FrameSnapshot {
    private var elements: [ElementID] = []
    private var frames: [Rect] = []

    /// No elements.
    init() {}

    /// The view's whole layout now (preparing first if needed). O(n).
    init(_ session: ViewSession) throws(ViewSessionError) {
        (elements, frames) = try session.withElementRecords(in: .everything) { records in
            var elements: [ElementID] = [], frames: [Rect] = []
            elements.reserveCapacity(records.count)
            frames.reserveCapacity(records.count)
            for index in 0..<records.count {
                elements.append(records.element(at: index))
                frames.append(records[index].frame)
            }
            return (elements, frames)
        }
    }

    /// The elements whose frames differ from `old`'s, or that only one of the two has:
    /// the first `limit` in canonical order, and how many in all. O(n) (a merge).
    func changes(since old: FrameSnapshot, limit: Int) -> (first: [ElementID], count: Int) {
        var first: [ElementID] = [], count = 0
        func note(_ element: ElementID) {
            count += 1
            if first.count < limit { first.append(element) }
        }
        var i = 0, j = 0
        while i < old.elements.count || j < elements.count {
            if j == elements.count || i < old.elements.count && old.elements[i] < elements[j] {
                note(old.elements[i]); i += 1
            } else if i == old.elements.count || elements[j] < old.elements[i] {
                note(elements[j]); j += 1
            } else {
                if old.frames[i] != frames[j] { note(elements[j]) }
                i += 1; j += 1
            }
        }
        return (first, count)
    }
}
