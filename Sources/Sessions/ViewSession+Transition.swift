import LayoutKit
import PluginHost

/// What a layout-to-layout transition answers: where the view is scrolled to, and how its
/// elements go from the old layout in the old bounds to the new layout in the new bounds.
public struct TransitionResult: Sendable {
    /// The new bounds' origin.
    public var contentOffset: Point
    /// `update`'s lists; `contentSize` is the new layout's.
    public var changes: UpdateResult
    /// What the switch did with the view's data, when it switched to another layout.
    public var data: TransitionDataNote?
}

/// What a switch to another layout did with the view's data: nothing — the data stays as it
/// was, not converted — and the new layout reads it by its own model, which may not be the one
/// the data was written for (circles' one section of numbers is only a guide's header row).
public struct TransitionDataNote: Sendable, Equatable {
    public var sections: Int
    public var items: Int
    /// The layout the data was laid out by before, and the one now.
    public var from: String
    public var to: String
    /// All of it in words, for a person.
    public var message: String
}

extension ViewSession {
    /// Switches the view to another layout or other options (UICollectionView's
    /// `setCollectionViewLayout(_:animated:)`); the view keeps it for the session.
    ///
    /// The new layout is made and prepared at the old bounds; the new bounds' origin is the
    /// new layout's `targetContentOffset(forProposedContentOffset:)` of the offset that keeps
    /// the anchor — the first cell in canonical order that was visible — where it was on
    /// screen (clamped to the content), and the layout is told of that bounds change.
    ///
    /// - Parameter options: the new layout's options; nil: the view's own for the same
    ///   layout, none (the layout's defaults) for another.
    /// - Throws: `.invalid` for an unknown plugin or refused options (nothing changes), `.failed`
    ///   when a plugin fails.
    public func transition(to layoutName: String, options: [String: Value]?) throws(RequestFailure) -> TransitionResult
    {
        let newBackend: any PluginBackend
        do { newBackend = try plugins.backend(named: layoutName) } catch {
            throw .invalid("params.layout: \(error.description)")
        }
        let options = options ?? (layoutName == view.layout ? view.options : [:])
        let instance: DirectedInstance
        do throws(PluginCallError) {
            instance = DirectedInstance(
                try newBackend.makeInstance(options: options),
                flipsHorizontally: newBackend.plugin.flipsHorizontally, direction: direction)
        } catch {
            if case .reported(let reported) = error, case .option(let field, let message) = reported {
                throw .invalid("params.options\(field.isEmpty ? "" : ".\(field)"): \(message)")
            }
            throw .failed(Self.locate(error, view: view, source: source, file: workspaceFile))
        }
        instance.cancel = cancel
        do throws(ViewSessionError) {
            interactiveMove = nil
            let before = try elements(in: bounds)
            let newBounds = try call { () throws(PluginCallError) -> Rect in
                try prepare(instance, keeping: before.first { $0.element.category == .cell })
            }
            let after = try call { () throws(PluginCallError) in try instance.elements(in: newBounds) }
            let changes = try call { () throws(PluginCallError) in
                try Self.difference(
                    from: before, in: layout, bounds: bounds, to: after, in: instance, bounds: newBounds)
            }
            let note =
                newBackend.plugin.name == view.layout
                ? nil : dataNote(to: newBackend.plugin, contentSize: changes.contentSize)
            layout = instance
            backend = newBackend
            view.layout = newBackend.plugin.name
            view.options = options
            bounds = newBounds
            needsPrepare = false
            return TransitionResult(contentOffset: newBounds.origin, changes: changes, data: note)
        } catch {
            throw .failed(error)
        }
    }

    /// Prepares `instance` at the bounds, then moves them so that `anchor` stays where it is
    /// on screen (as the layout's target offset for that proposal has it, clamped to the
    /// content); returns the new bounds.
    ///
    /// Right to left, the anchor keeps its leading (right) edge, and a layout the host mirrors
    /// first sees the old bounds at the same distance from the content's right edge (the old
    /// bounds moved by how much wider the content became): so the answer is the left-to-right
    /// one mirrored, whatever the two content widths.
    private func prepare(_ instance: DirectedInstance, keeping anchor: LayoutAttributes?) throws(PluginCallError)
        -> Rect
    {
        let cancel = cancel, data = source.data, oldBounds = bounds
        var current = oldBounds
        func moveInstance(to newBounds: Rect) throws(PluginCallError) {
            defer { current = newBounds }
            guard newBounds != current, try instance.shouldInvalidate(forBoundsChange: newBounds) else { return }
            try instance.invalidate(try instance.invalidation(forBoundsChange: newBounds))
            try cancel.withTimeout(timeout) { () throws(PluginCallError) in
                try instance.prepare(data: data, bounds: newBounds, cancel: cancel)
            }
        }
        try cancel.withTimeout(timeout) { () throws(PluginCallError) in
            try instance.prepare(data: data, bounds: oldBounds, cancel: cancel)
        }
        let isRightToLeft = direction == .rightToLeft
        if instance.isMirrored {
            let widening = try instance.contentSize().width - (try layout.contentSize().width)
            try moveInstance(to: Rect(origin: Point(x: oldBounds.x + widening, y: oldBounds.y), size: oldBounds.size))
        }
        var proposed = current.origin
        if let anchor, let moved = try instance.attributes(for: anchor.element) {
            let dx = isRightToLeft ? moved.frame.maxX - anchor.frame.maxX : moved.frame.minX - anchor.frame.minX
            proposed = Point(x: oldBounds.x + dx, y: oldBounds.y + moved.frame.minY - anchor.frame.minY)
        }
        let content = try instance.contentSize()
        let target = try instance.targetContentOffset(forProposed: proposed)
        func clamped(_ value: Double, _ content: Double, _ viewport: Double) -> Double {
            value.isFinite ? min(max(value, 0), max(0, content - viewport)) : 0
        }
        let newBounds = Rect(
            x: clamped(target.x, content.width, oldBounds.width),
            y: clamped(target.y, content.height, oldBounds.height),
            width: oldBounds.width, height: oldBounds.height)
        try moveInstance(to: newBounds)
        return newBounds
    }

    /// `update`'s lists between two layouts: elements (by category, kind and index path) in
    /// either answer; one found in both layouts moves if its attributes differ, one only in
    /// the old disappears (to the old layout's final attributes), one only in the new appears
    /// (from the new layout's initial attributes).
    static func difference(
        from before: [LayoutAttributes], in old: any PluginInstance, bounds: Rect,
        to after: [LayoutAttributes], in new: any PluginInstance, bounds newBounds: Rect
    ) throws(PluginCallError) -> UpdateResult {
        let beforeByID = Dictionary(before.map { ($0.element, $0) }, uniquingKeysWith: { first, _ in first })
        let afterByID = Dictionary(after.map { ($0.element, $0) }, uniquingKeysWith: { first, _ in first })
        var result = UpdateResult(contentSize: try new.contentSize(), appearing: [], disappearing: [], moving: [])
        for attributes in before {
            var counterpart = afterByID[attributes.element]
            if counterpart == nil { counterpart = try new.attributes(for: attributes.element) }
            if let counterpart {
                if counterpart != attributes { result.moving.append((attributes, counterpart)) }
            } else {
                let final = try old.transitionAttributes(for: attributes.element, isAppearing: false, in: bounds)
                result.disappearing.append((attributes, final ?? attributes))
            }
        }
        for attributes in after where beforeByID[attributes.element] == nil {
            if let previous = try old.attributes(for: attributes.element) {
                if previous != attributes { result.moving.append((previous, attributes)) }
            } else {
                let initial = try new.transitionAttributes(for: attributes.element, isAppearing: true, in: newBounds)
                result.appearing.append((attributes, initial ?? attributes))
            }
        }
        result.appearing.sort { $0.after.element < $1.after.element }
        result.disappearing.sort { $0.before.element < $1.before.element }
        result.moving.sort { $0.after.element < $1.after.element }
        return result
    }

    /// What a switch from the view's layout to `plugin` does with the view's data, in numbers and words.
    private func dataNote(to plugin: LoadedPlugin, contentSize: Size) -> TransitionDataNote {
        let data = source.data.source
        let (sections, items) = (data.numberOfSections, data.numberOfItems)
        let counted =
            "\(sections) section\(sections == 1 ? "" : "s"), \(items) item\(items == 1 ? "" : "s")"
        let message =
            "\(plugin.name) lays out the data written for \(view.layout) as it is (\(counted)), not converted: "
            + "it reads it by its own model (\(plugin.summary)); its content is "
            + "\(contentSize.width.compactDescription) × \(contentSize.height.compactDescription) points"
        return TransitionDataNote(
            sections: sections, items: items, from: view.layout, to: plugin.name, message: message)
    }
}
