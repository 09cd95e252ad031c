import BatchUpdates
import LayoutKit
import PluginHost

/// Drag to reorder (UICollectionView's `beginInteractiveMovementForItem`,
/// `updateInteractiveMovementTargetPosition`, `endInteractiveMovement` and
/// `cancelInteractiveMovement`): one move per view at a time; any `update` ends it.
extension ViewSession {
    /// Starts dragging the cell at `element` from `position` (view coordinates).
    ///
    /// - Returns: the item's attributes, raised above the rest.
    /// - Throws: `.invalid` when a move is in progress or the cell does not exist.
    public func beginMove(_ element: ItemPath, at position: Point) throws(RequestFailure) -> LayoutAttributes {
        guard interactiveMove == nil else {
            throw .invalid("a move is in progress on this view: end it with endMove first")
        }
        return try answering {
            try prepareIfNeeded()
            guard let attributes = try attributes(for: ElementID(category: .cell, kind: nil, path: element)) else {
                throw RequestFailure.invalid(
                    "params.element: the view has no cell at [\(element.section), \(element.item)]")
            }
            let mapping = try moveMapping(from: element, to: element)
            let (shown, top) = try movePreview(mapping, in: layout)
            interactiveMove = InteractiveMove(
                from: element, dataVersion: dataVersion, size: attributes.frame.size, target: element, shown: shown)
            return try movingAttributes(attributes, at: position, target: element, above: top, in: layout)
        }
    }

    /// Moves the dragged item to `position`: the target under it, the item there, and how the
    /// cells in the bounds make room since the previous step — the frames `update {move}` to
    /// that target would give. O(log n + k) while the target stays; a new target lays the
    /// layout out again with the item moved (see `moveLayout`), unless that changes no data.
    public func updateMove(to position: Point) throws(RequestFailure) -> MoveStep {
        let from = try currentMove().from
        return try answering {
            let previous = interactiveMove!.target
            let previousLayout = try moveLayout(for: previous) ?? layout
            var target = try target(for: from, at: position)
            let current: DirectedInstance
            if let layout = try moveLayout(for: target, keeping: previous) {
                current = layout
            } else {  // the layout would refuse the item there (as `update` would): it stays where it was
                (target, current) = (previous, previousLayout)
            }
            let mapping = try moveMapping(from: from, to: target)
            let (shown, top) = try movePreview(mapping, in: current)
            let changes = try moveDifference(
                from: interactiveMove!.shown, previousMapping: try moveMapping(from: from, to: previous),
                of: previousLayout, to: shown, mapping: mapping, of: current)
            interactiveMove!.target = target
            interactiveMove!.shown = shown
            let item =
                try slot(of: from, in: mapping, of: current)
                ?? LayoutAttributes(
                    element: ElementID(category: .cell, kind: nil, path: from),
                    frame: Rect(origin: .zero, size: interactiveMove!.size))
            return MoveStep(
                target: target,
                item: try movingAttributes(item, at: position, target: target, above: top, in: current),
                changes: changes)
        }
    }

    /// Ends the move: `commit` applies it as `update {changes: [{move: from, to: target}]}`
    /// and answers as that would; otherwise the layout is left as it was and the answer moves
    /// the cells back from the last step's places.
    public func endMove(commit: Bool) throws(RequestFailure) -> UpdateResult {
        let move = try currentMove()
        interactiveMove = nil
        if commit {
            do {
                return try update([.move(move.from, to: move.target)], rect: nil)
            } catch {
                switch error {
                case .refused(let refusal): throw .invalid("the move is refused: \(refusal.message)")
                case .failed(let failure): throw .failed(failure)
                }
            }
        }
        return try answering {
            interactiveMove = move
            defer { interactiveMove = nil }
            let last = try moveMapping(from: move.from, to: move.target),
                untouched = try moveMapping(from: move.from, to: move.from)
            let lastLayout = try moveLayout(for: move.target) ?? layout
            var (restored, _) = try movePreview(untouched, in: layout)
            if let item = try attributes(for: ElementID(category: .cell, kind: nil, path: move.from)),
                item.frame.intersects(bounds)
            {
                restored[move.from] = item
            }
            return try moveDifference(
                from: move.shown, previousMapping: last, of: lastLayout, to: restored, mapping: untouched, of: layout)
        }
    }

    /// The move in progress, if the data did not change under it since it began.
    private func currentMove() throws(RequestFailure) -> InteractiveMove {
        guard let move = interactiveMove else { throw .invalid("no move is in progress on this view: beginMove first") }
        do { try catchUpWithSource() } catch { throw .failed(error) }
        guard dataVersion == move.dataVersion else {
            interactiveMove = nil
            throw .invalid(
                "the view's data changed since beginMove (another view's update or an edit): the move was ended")
        }
        return move
    }

    private func moveMapping(from: ItemPath, to target: ItemPath) throws(RequestFailure) -> MoveMapping {
        try MoveMapping(from: from, to: target, data: source.data.source)
    }

    /// The layout's `target_for_moving_item`, else the default (`defaultTarget`); a target the
    /// data cannot take is the plugin's bad answer.
    private func target(for from: ItemPath, at position: Point) throws(RequestFailure) -> ItemPath {
        let chosen: ItemPath?
        do {
            chosen = try call { () throws(PluginCallError) in try layout.targetForMovingItem(from, at: position) }
        } catch { throw .failed(error) }
        guard let chosen else {
            do {
                return try defaultTarget(for: from, at: position) { target in
                    (try? self.moveMapping(from: from, to: target)) != nil
                }
            } catch {
                throw .failed(error)
            }
        }
        do {
            _ = try moveMapping(from: from, to: chosen)
        } catch {
            let problem = "[\(chosen.section), \(chosen.item)] is not a place the data can take the item to"
            throw .failed(
                Self.locate(
                    .badRecord(
                        plugin: view.layout, element: "the moving item's target", field: "target", problem: problem),
                    view: view, source: source, file: workspaceFile))
        }
        return chosen
    }

    /// `layout`'s `moving_item_attributes` (the layout with the item at `target`), else the
    /// default: the item's attributes there, centred at `position`, at its target's index path,
    /// zIndex above every element in the bounds.
    private func movingAttributes(
        _ item: LayoutAttributes, at position: Point, target: ItemPath, above top: Int, in layout: DirectedInstance
    ) throws(RequestFailure) -> LayoutAttributes {
        let answer: LayoutAttributes?
        do {
            answer = try call { () throws(PluginCallError) in try layout.movingItemAttributes(for: target, at: position)
            }
        } catch { throw .failed(error) }
        if let answer { return answer }
        var moving = item
        moving.element.path = target
        moving.frame = item.frame.centered(at: position)
        moving.zIndex = max(item.zIndex, top == Int.min ? item.zIndex : top) + 1
        return moving
    }

    /// Runs `body`, turning plugin failures (`ViewSessionError`) into `.failed`.
    private func answering<T>(_ body: () throws -> T) throws(RequestFailure) -> T {
        do {
            return try body()
        } catch let failure as RequestFailure {
            throw failure
        } catch let error as ViewSessionError {
            throw .failed(error)
        } catch {
            throw .invalid("\(error)")
        }
    }
}
