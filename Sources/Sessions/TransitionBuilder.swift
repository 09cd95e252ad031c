import BatchUpdates
import LayoutKit
import PluginHost

/// Works out a batch update's appearing, disappearing and moving elements in a rect, in two
/// halves around the layout's new prepare: `init` reads the old layout (the elements in the
/// rect, and the final attributes of those that may disappear), `finish` the new one.
struct TransitionBuilder {
    let session: ViewSession
    let plan: BatchPlan
    let rect: Rect
    let bounds: Rect
    /// The old layout's elements in the rect, in canonical order.
    let before: [LayoutAttributes]
    /// Final attributes of every element in `before` that may disappear: cells the batch
    /// deletes or reloads, and all supplementary and decoration views (whether they survive
    /// shows only in the new layout).
    let finals: [ElementID: LayoutAttributes]
    /// The old layout's elements around the rect (see `nearbyMargin`), for the elements that
    /// enter the rect from just outside it; empty when the rect holds too many elements.
    let nearby: [ElementID: LayoutAttributes]

    /// How far around the rect, as a fraction of its size on each side, the old layout is
    /// read before the batch: elements that shift into the rect usually come from there.
    static let nearbyMargin = 0.5
    /// Above this many elements in the rect the nearby read is skipped (it would cost more
    /// than it saves); elements entering from outside then come from a second instance.
    static let nearbyLimit = 2_000

    init(session: ViewSession, plan: BatchPlan, rect: Rect) throws(ViewSessionError) {
        self.session = session
        self.plan = plan
        self.rect = rect
        bounds = session.bounds
        before = try session.elements(in: rect)
        var nearby: [ElementID: LayoutAttributes] = [:]
        if before.count <= Self.nearbyLimit {
            let margin = Size(width: rect.width * Self.nearbyMargin, height: rect.height * Self.nearbyMargin)
            let around = Rect(
                x: rect.x - margin.width, y: rect.y - margin.height, width: rect.width + 2 * margin.width,
                height: rect.height + 2 * margin.height)
            for attributes in try session.elements(in: around) { nearby[attributes.element] = attributes }
        }
        self.nearby = nearby
        var finals: [ElementID: LayoutAttributes] = [:]
        for attributes in before
        where attributes.element.category != .cell || Self.newID(of: attributes.element, plan) == nil {
            let element = attributes.element, bounds = bounds
            finals[element] =
                try session.call { () throws(PluginCallError) in
                    try session.layout.transitionAttributes(for: element, isAppearing: false, in: bounds)
                } ?? attributes
        }
        self.finals = finals
    }

    /// The element's identity after the batch: cells by the plan's item runs, supplementary
    /// and decoration views keep kind and index path and move only with their section.
    static func newID(of element: ElementID, _ plan: BatchPlan) -> ElementID? {
        var id = element
        if element.category == .cell {
            guard let path = plan.newPath(ofOld: element.path) else { return nil }
            id.path = path
        } else {
            guard let section = plan.newSection(ofOld: element.path.section) else { return nil }
            id.path.section = section
        }
        return id
    }

    /// The element's identity before the batch, as `newID` in reverse.
    static func oldID(of element: ElementID, _ plan: BatchPlan) -> ElementID? {
        var id = element
        if element.category == .cell {
            guard let path = plan.oldPath(ofNew: element.path) else { return nil }
            id.path = path
        } else {
            guard let section = plan.oldSection(ofNew: element.path.section) else { return nil }
            id.path.section = section
        }
        return id
    }

    /// Reads the new layout (prepared with the batch applied, in `newBounds`, where the scroll
    /// anchor moved the bounds) in `newRect`, and puts the answer together: `before` in the
    /// old bounds, `after`, `initial` and `final` in the new ones.
    ///
    /// Elements that moved into the rect from outside it need their old attributes: those the
    /// old layout gave around the rect before the batch (`nearby`); the rest, if any, come from
    /// a second layout instance prepared with `oldData`. When the bounds moved, the final
    /// attributes of disappearing elements come from one prepared in the new bounds.
    func finish(oldData: DataSet, in newRect: Rect, bounds newBounds: Rect) throws(ViewSessionError) -> UpdateResult {
        let after = try session.elements(in: newRect)
        let afterByID = Dictionary(after.map { ($0.element, $0) }, uniquingKeysWith: { first, _ in first })
        let beforeByID = Dictionary(before.map { ($0.element, $0) }, uniquingKeysWith: { first, _ in first })
        var result = UpdateResult(contentSize: try session.contentSize(), appearing: [], disappearing: [], moving: [])
        var seen = Set<ElementID>()
        var leaving = Finals(oldData: oldData, bounds: newBounds, kept: newBounds == bounds ? finals : nil)
        for old in before {
            guard let id = Self.newID(of: old.element, plan), let new = try attributes(of: id, in: afterByID) else {
                result.disappearing.append((old, try leaving.final(of: old, in: session)))
                continue
            }
            seen.insert(id)
            if Self.differ(old, new) { result.moving.append((old, new)) }
        }
        var entering: [(old: ElementID, new: LayoutAttributes)] = []
        for new in after where !seen.contains(new.element) {
            if let oldID = Self.oldID(of: new.element, plan), beforeByID[oldID] == nil {
                entering.append((oldID, new))
            } else {
                result.appearing.append((new, try initial(for: new, in: newBounds)))
            }
        }
        var old: (any PluginInstance)?
        for (oldID, new) in entering {
            if let previous = nearby[oldID] {
                if Self.differ(previous, new) { result.moving.append((previous, new)) }
                continue
            }
            if old == nil { old = try session.oldLayout(with: oldData, bounds: bounds) }
            let layout = old!
            if let previous = try session.call({ () throws(PluginCallError) in try layout.attributes(for: oldID) }) {
                if Self.differ(previous, new) { result.moving.append((previous, new)) }
            } else {
                result.appearing.append((new, try initial(for: new, in: newBounds)))
            }
        }
        result.appearing.sort { $0.after.element < $1.after.element }
        result.disappearing.sort { $0.before.element < $1.before.element }
        result.moving.sort { $0.after.element < $1.after.element }
        return result
    }

    /// An element's new attributes: from the rect's answer, else asked of the layout.
    private func attributes(of id: ElementID, in answer: [ElementID: LayoutAttributes]) throws(ViewSessionError)
        -> LayoutAttributes?
    {
        if let found = answer[id] { return found }
        return try session.attributes(for: id)
    }

    private func initial(for new: LayoutAttributes, in bounds: Rect) throws(ViewSessionError) -> LayoutAttributes {
        let element = new.element
        return try session.call { () throws(PluginCallError) in
            try session.layout.transitionAttributes(for: element, isAppearing: true, in: bounds)
        } ?? new
    }

    /// Whether an element's attributes changed through the batch, its index path included.
    static func differ(_ old: LayoutAttributes, _ new: LayoutAttributes) -> Bool {
        old != new
    }

    /// Where disappearing elements end, in the bounds after the batch: those `init` asked of
    /// the old layout when the bounds did not move, else asked of a second instance of the old
    /// layout prepared in the new bounds (made once, when the first element disappears).
    struct Finals {
        let oldData: DataSet
        let bounds: Rect
        let kept: [ElementID: LayoutAttributes]?
        private var layout: (any PluginInstance)?

        init(oldData: DataSet, bounds: Rect, kept: [ElementID: LayoutAttributes]?) {
            (self.oldData, self.bounds, self.kept) = (oldData, bounds, kept)
        }

        mutating func final(of old: LayoutAttributes, in session: ViewSession) throws(ViewSessionError)
            -> LayoutAttributes
        {
            if let kept { return kept[old.element] ?? old }
            if layout == nil { layout = try session.oldLayout(with: oldData, bounds: bounds) }
            let layout = layout!, element = old.element, bounds = bounds
            return try session.call { () throws(PluginCallError) -> LayoutAttributes? in
                if let final = try layout.transitionAttributes(for: element, isAppearing: false, in: bounds) {
                    return final
                }
                return try layout.attributes(for: element)
            } ?? old
        }
    }
}

extension ViewSession {
    /// A second instance of the view's layout, prepared with `data`, `bounds` and the
    /// preferred sizes the view had before the update.
    func oldLayout(with data: DataSet, bounds: Rect) throws(ViewSessionError) -> any PluginInstance {
        let cancel = cancel, backend = backend, options = view.options, direction = direction
        let sizes = preferredSizesBeforeUpdate.sorted { $0.key < $1.key }.map {
            PreferredSize(element: $0.key, size: $0.value)
        }
        return try call { () throws(PluginCallError) in
            let instance = DirectedInstance(
                try backend.makeInstance(options: options),
                flipsHorizontally: backend.plugin.flipsHorizontally, direction: direction)
            if !sizes.isEmpty { _ = try instance.preferredAttributes(sizes) }
            try cancel.withTimeout(timeout) { () throws(PluginCallError) in
                try instance.prepare(data: data, bounds: bounds, cancel: cancel)
            }
            return instance
        }
    }
}
