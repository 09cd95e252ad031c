import CBoostRTree
import LayoutKit

/// One way to answer a viewport query over a workload's frames: the engine, the bare index,
/// or a peer. `run` answers one rect into the path's own reused storage; `ids` reads that
/// answer back as canonical ids (an element's position in the layout's whole answer).
struct QueryPath {
    var name: String
    /// The path in figure names: `engine`, `index-asGiven`, `boost-rstar16`.
    var key: String
    /// Seconds from the frames (or, for the engine, the data) to a ready index.
    var build: Double
    var run: (Rect) -> Void
    var count: () -> Int
    var ids: () -> [Int]
}

extension QueryPath {
    /// The layout's own `elements(in:into:)`, as `workbench-bench` times it: attribute
    /// records into a reused array.
    static func engine(_ layout: any Layout, prepare: Double, canonical: [ElementID: Int]) -> QueryPath {
        final class Scratch { var attributes: [LayoutAttributes] = [] }
        let scratch = Scratch()
        return QueryPath(
            name: "engine elements(in:into:)", key: "engine", build: prepare,
            run: { rect in
                scratch.attributes.removeAll(keepingCapacity: true)
                layout.elements(in: rect, into: &scratch.attributes)
            }, count: { scratch.attributes.count }, ids: { scratch.attributes.map { canonical[$0.element] ?? -1 } })
    }

    /// LayoutKit's `SpatialIndex` alone over the same frames, collecting `{id, frame}` into a
    /// reused array: the peer's own work.
    static func bareIndex(_ frames: [Rect], packing: SpatialIndex.Packing) -> QueryPath {
        struct Hit { var id: Int; var frame: Rect }
        final class Scratch { var positions: [Int] = []; var hits: [Hit] = [] }
        let scratch = Scratch()
        var index = SpatialIndex(frames: [])
        let build = Timing.median(3) { index = SpatialIndex(frames: frames, packing: packing) }
        return QueryPath(
            name: "SpatialIndex(.\(packing)) bare", key: "index-\(packing)", build: build,
            run: { rect in
                scratch.positions.removeAll(keepingCapacity: true)
                scratch.hits.removeAll(keepingCapacity: true)
                index.indices(intersecting: rect, into: &scratch.positions)
                for position in scratch.positions {
                    scratch.hits.append(Hit(id: position, frame: index.frame(at: position)))
                }
            }, count: { scratch.hits.count }, ids: { scratch.hits.map(\.id) })
    }

    /// Boost's packed R-tree: traversal, the strict test, `{id, box}` into a reused vector,
    /// sorted by id.
    static func boost(_ frames: [Rect], kind: BoostRTree.Kind) -> QueryPath {
        final class Answer { var hits = UnsafeBufferPointer<wb_rtree_hit>(start: nil, count: 0) }
        var tree: BoostRTree?
        let build = Timing.median(3) {
            tree = nil
            tree = BoostRTree(kind, frames: frames)
        }
        let built = tree!, answer = Answer()
        return QueryPath(
            name: kind.name, key: kind.key, build: build, run: { rect in answer.hits = built.query(rect) },
            count: { answer.hits.count }, ids: { answer.hits.map { Int($0.id) } })
    }
}
