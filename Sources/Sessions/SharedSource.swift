import BatchUpdates
import Foundation
import LayoutKit
import SourceDiagnostics
import Synchronization
import WorkspaceModel

/// A workspace's data source as the server session holds it: every view bound to it sees the
/// batch updates any of them applies. Versions count the batches; each view notices a newer
/// version on its next request and prepares again (told what changed when it is one batch
/// behind). Files on disk are never written.
public final class SharedSource: Sendable {
    private let state: Mutex<(current: LoadedSource, version: Int, lastPlan: BatchPlan?)>
    /// Held for a whole update, so two views' updates of one source take turns.
    let updating = NSLock()

    public init(_ source: LoadedSource) {
        state = Mutex((source, 0, nil))
    }

    /// The data now, its version, and the batch that made it from the version before.
    func snapshot() -> (source: LoadedSource, version: Int, plan: BatchPlan?) {
        state.withLock { ($0.current, $0.version, $0.lastPlan) }
    }

    /// Makes `source` (the old data with `plan` applied) the current data; returns its version.
    func commit(_ source: LoadedSource, plan: BatchPlan) -> Int {
        state.withLock { state in
            state = (source, state.version + 1, plan)
            return state.version
        }
    }

    /// The data now.
    public var data: DataSet { state.withLock { $0.current.data } }

    /// Takes the place of each item in `source`'s files (a workspace's text changed around
    /// data that did not): the data and its version stay.
    public func relocate(_ source: LoadedSource) {
        state.withLock { state in
            state.current.file = source.file
            state.current.mark = source.mark
            state.current.itemMarks = source.itemMarks
        }
    }

    /// Every source of a workspace, shared.
    public static func all(of workspace: Workspace) -> [String: SharedSource] {
        workspace.sources.mapValues { SharedSource($0) }
    }
}

extension LoadedSource {
    /// This source with `plan` applied: new data (in memory from `allocator` when given), and
    /// each item's place in the files (inserted items are placed at the source's definition).
    func updated(by plan: BatchPlan, allocator: DataSetAllocator? = nil) -> LoadedSource {
        var updated = self
        updated.data = plan.apply(to: data.source, allocator: allocator)
        if !itemMarks.isEmpty {
            updated.itemMarks = Self.marks(itemMarks, through: plan, newItems: mark)
        }
        return updated
    }

    /// Each new item's mark: an old item's own (copied a run at a time), `newItems` for the rest.
    private static func marks(_ old: [Mark], through plan: BatchPlan, newItems mark: Mark) -> [Mark] {
        var marks: [Mark] = []
        marks.reserveCapacity(plan.newItemCount)
        for run in plan.itemRuns {
            marks.append(contentsOf: repeatElement(mark, count: run.new - marks.count))
            let end = min(run.old + run.count, old.count), start = min(run.old, end)
            marks.append(contentsOf: old[start..<end])
            marks.append(contentsOf: repeatElement(mark, count: run.count - (end - start)))
        }
        marks.append(contentsOf: repeatElement(mark, count: plan.newItemCount - marks.count))
        return marks
    }
}
