import CBoostRTree
import LayoutKit

/// Boost.Geometry's `bgi::rtree` over frames, built by its packing constructor.
final class BoostRTree {
    enum Kind: CaseIterable {
        case quadratic16, rstar16

        var name: String {
            switch self {
            case .quadratic16: return "Boost rtree quadratic<16>"
            case .rstar16: return "Boost rtree rstar<16>"
            }
        }

        var key: String {
            switch self {
            case .quadratic16: return "boost-quadratic16"
            case .rstar16: return "boost-rstar16"
            }
        }
    }

    private let tree: OpaquePointer

    /// A tree over `frames`; an element's id is its position in them.
    init(_ kind: Kind, frames: [Rect]) {
        var boxes: [Double] = []
        boxes.reserveCapacity(frames.count * 4)
        for frame in frames { boxes += [frame.minX, frame.minY, frame.maxX, frame.maxY] }
        guard
            let tree = wb_rtree_create(
                kind == .rstar16 ? WB_RTREE_RSTAR16 : WB_RTREE_QUADRATIC16, boxes, boxes.count / 4)
        else {
            fatalError("Boost could not build its tree (out of memory)")
        }
        self.tree = tree
    }

    deinit { wb_rtree_destroy(tree) }

    /// The elements meeting `rect` (open intervals), by id; valid until the next query.
    func query(_ rect: Rect) -> UnsafeBufferPointer<wb_rtree_hit> {
        var count = 0
        let hits = wb_rtree_query(tree, rect.minX, rect.minY, rect.maxX, rect.maxY, &count)
        return UnsafeBufferPointer(start: hits, count: count)
    }
}
