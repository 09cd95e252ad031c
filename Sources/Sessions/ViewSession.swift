import LayoutKit
import PluginHost
import SourceDiagnostics
import WorkspaceModel

/// One view's live state, playing the collection view to its layout: the layout (an instance
/// in a plugin backend, in this process or a child), its data, the current bounds, and
/// whether it must be prepared before the next query.
///
/// Not thread-safe: one owner uses it at a time (the batch runner, or the server's view queue).
public final class ViewSession {
    public internal(set) var view: ViewDefinition
    /// The data as this view last saw it (batch updates replace it).
    public internal(set) var source: LoadedSource
    /// Where the data lives, shared with the workspace's other views in a server session.
    let sharedSource: SharedSource
    /// The version of `sharedSource` that `source` is.
    var dataVersion = 0
    /// The plugin's instance, mirrored by the host when the view reads right to left and the
    /// plugin flips (`DirectedInstance`): everything the session asks is in the view's space.
    public internal(set) var layout: DirectedInstance
    var backend: any PluginBackend
    /// Where the view's plugin came from, and where a transition finds another.
    package let plugins: PluginCatalog
    public private(set) var workspaceFile: SourceFile
    /// The workspace's views in its current text, in file order: the layouts an app shows the
    /// same data in, where a contract check's transitions go (`ViewChecker`).
    public private(set) var workspaceViews: [ViewDefinition]
    /// The collection view's bounds: origin = content offset, size = viewport.
    public internal(set) var bounds: Rect
    /// Whether the layout must be prepared before answering.
    public internal(set) var needsPrepare = true {
        didSet { if !needsPrepare { preparations &+= 1 } }
    }
    /// How many times the layout was prepared (or replaced by a prepared one): what it made
    /// changes only when this does.
    public private(set) var preparations = 0
    /// The longest a `prepare` may take, in seconds; nil for no limit.
    public var timeout: Double?
    /// Receives one line per problem the plugin's author should hear about (repaired answers).
    public var warn: ((String) -> Void)?
    /// Receives the current request's prepare progress (fractions 0…1), if anyone listens.
    public var progress: ((Double) -> Void)?
    /// The current request's cancel flag (see `withCancellation`).
    private(set) var cancel = CancelFlag() {
        didSet { layout.cancel = cancel }
    }
    private var hasWarned = false
    /// The sizes elements measured for themselves that the layout took (`setPreferredSizes`),
    /// kept like the data: moved by batch updates, told to the layout again when it dropped them.
    public internal(set) var preferredSizes: [ElementID: Size] = [:]
    /// Whether the layout dropped its preferred sizes (new data, a batch) and must be told
    /// `preferredSizes` again before it is prepared.
    var needsPreferredReplay = false
    /// Measured sizes (`preferredSizes: FILE`) of views other than cells, checked to exist
    /// once the layout is prepared.
    var measuredViewsToCheck: [MeasuredSize] = []
    /// Whether the layout says what a prepare moved (ABI 2.1's `changed_elements`), once asked.
    var reportsChanges: Bool?
    /// During an update: the preferred sizes before the batch moved them, for the old layout.
    var preferredSizesBeforeUpdate: [ElementID: Size] = [:]
    /// The drag to reorder in progress, if any (`beginMove`).
    var interactiveMove: InteractiveMove?

    /// Opens `view` of `workspace` with its plugin from `plugins`; with `sharedSource`, the
    /// view's data is that one, shared with other views (and changed by batch updates).
    ///
    /// - Throws: `.plugin` if the layout's plugin is missing or was refused (with the reason),
    ///   `.layout` if it refuses the options.
    public init(
        view: ViewDefinition, in workspace: Workspace, plugins: PluginCatalog, sharedSource: SharedSource? = nil,
        bounds: Rect? = nil
    ) throws(ViewSessionError) {
        self.view = view
        self.workspaceFile = workspace.file
        self.workspaceViews = workspace.views
        self.plugins = plugins
        guard let source = workspace.sources[view.source] else {
            throw ViewSessionError(.workspace, workspace.file.error("no source named '\(view.source)'", at: view.mark))
        }
        let shared = sharedSource ?? SharedSource(source)
        self.sharedSource = shared
        (self.source, dataVersion, _) = shared.snapshot()
        do {
            backend = try plugins.backend(named: view.layout)
        } catch {
            throw ViewSessionError(.plugin, workspace.file.error(error.description, at: view.layoutMark))
        }
        self.bounds = bounds ?? view.bounds
        do {
            layout = DirectedInstance(
                try backend.makeInstance(options: view.options),
                flipsHorizontally: backend.plugin.flipsHorizontally, direction: view.direction)
        } catch {
            throw Self.locate(error, view: view, source: source, file: workspace.file)
        }
        if let measured = view.measuredSizes { try takeMeasuredSizes(measured) }
    }

    /// Takes up a new text of the workspace whose inputs for this view did not change (same
    /// layout, options and data): errors are located in the new text, and a contract check
    /// goes to its views, from now on. A layout the view switched to (`transition`) stays, with
    /// its options.
    public func adopt(view: ViewDefinition, in workspace: Workspace) {
        let (layoutName, options) = (self.view.layout, self.view.options)
        self.view = view
        self.view.layout = layoutName
        self.view.options = options
        workspaceFile = workspace.file
        workspaceViews = workspace.views
        let (current, version, _) = sharedSource.snapshot()
        if version == dataVersion { source = current }
    }

    /// Runs `body` with `flag` as the cancel flag of the plugin work it does.
    public func withCancellation<T, E: Error>(_ flag: CancelFlag, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = cancel
        cancel = flag
        defer { cancel = previous }
        return try body()
    }

    /// Prepares the layout if an invalidation (or nothing yet) requires it.
    ///
    /// - Returns: whether `prepare` ran.
    @discardableResult
    public func prepareIfNeeded() throws(ViewSessionError) -> Bool {
        try catchUpWithSource()
        guard needsPrepare else { return false }
        try checkElementBudget()
        try replayPreferredSizesIfNeeded()
        let cancel = cancel
        do {
            try call { () throws(PluginCallError) in
                try cancel.withTimeout(timeout) { () throws(PluginCallError) in
                    try layout.prepare(data: source.data, bounds: bounds, cancel: cancel, progress: progress)
                }
            }
        } catch {
            throw atFrameSize(error)
        }
        needsPrepare = false
        try checkMeasuredViews()
        return true
    }

    /// The elements intersecting `rect`, in canonical order, preparing first if needed.
    public func elements(in rect: Rect) throws(ViewSessionError) -> [LayoutAttributes] {
        try withElementRecords(in: rect) { $0.allAttributes }
    }

    /// Runs `body` on the plugin's checked records for `rect`, preparing first if needed.
    public func withElementRecords<T>(in rect: Rect, _ body: (AttributesRecords) -> T) throws(ViewSessionError) -> T {
        try prepareIfNeeded()
        return try call { () throws(PluginCallError) in
            try layout.withElements(in: rect) { records in
                if !records.repairs.isEmpty {
                    warnOnce("returned elements \(records.repairs.phrase); the workbench repaired the answer")
                }
                return body(records)
            }
        }
    }

    /// Runs `body` on the plugin's checked records for each of `rects` in turn until it returns
    /// false, preparing first if needed; the plugin may compute the next rect's records while
    /// `body` reads this one's (`PluginInstance.withElements(inEach:)`).
    public func withElementRecords(inEach rects: [Rect], _ body: (_ index: Int, AttributesRecords) -> Bool)
        throws(ViewSessionError)
    {
        try prepareIfNeeded()
        try call { () throws(PluginCallError) in
            try layout.withElements(inEach: rects) { index, records in
                if !records.repairs.isEmpty {
                    warnOnce("returned elements \(records.repairs.phrase); the workbench repaired the answer")
                }
                return body(index, records)
            }
        }
    }

    /// One element's attributes, or nil if the layout has no such element.
    public func attributes(for element: ElementID) throws(ViewSessionError) -> LayoutAttributes? {
        try prepareIfNeeded()
        return try call { () throws(PluginCallError) in try layout.attributes(for: element) }
    }

    public func contentSize() throws(ViewSessionError) -> Size {
        try prepareIfNeeded()
        return try call { () throws(PluginCallError) in try layout.contentSize() }
    }

    /// How many elements the prepared layout has, or nil when it computes them on demand.
    public func numberOfElements() throws(ViewSessionError) -> Int? {
        try prepareIfNeeded()
        return try call { () throws(PluginCallError) in try layout.numberOfElements() }
    }

    /// Moves or resizes the bounds, as scrolling or rotating would; invalidates the layout
    /// only if it says so, with the invalidation it asks for. A layout that failed to prepare
    /// at the current bounds (a width too narrow for its items) takes the new bounds unasked:
    /// nothing is prepared to invalidate, and the next prepare tries them — an error for one
    /// size never sticks to the next.
    ///
    /// - Returns: whether the layout was invalidated.
    @discardableResult
    public func setBounds(_ newBounds: Rect) throws(ViewSessionError) -> Bool {
        do {
            try prepareIfNeeded()
        } catch let error where error.kind == .layout && newBounds != bounds {
            bounds = newBounds
            return true
        }
        guard newBounds != bounds else { return false }
        let invalidates = try call { () throws(PluginCallError) -> Bool in
            guard try layout.shouldInvalidate(forBoundsChange: newBounds) else { return false }
            let invalidation = try layout.invalidation(forBoundsChange: newBounds)
            try layout.invalidate(invalidation)
            layoutDidInvalidate(invalidation)
            return true
        }
        bounds = newBounds
        if invalidates { needsPrepare = true }
        return invalidates
    }

    /// Invalidates everything; the next query prepares again.
    public func invalidate() throws(ViewSessionError) {
        needsPrepare = true
        try call { () throws(PluginCallError) in try layout.invalidate(.everything) }
        layoutDidInvalidate(.everything)
    }

    /// The view's direction: `direction:` in the workspace, until `setDirection`.
    public var direction: LayoutDirection { layout.direction }

    /// The shape the view's plugin declares for its cells (pictures draw it).
    public var cellShape: CellShape { backend.plugin.cellShape }

    /// Turns the view to `direction` (a full invalidation, as UIKit's trait change): the next
    /// prepare tells the plugin, and a plugin that flips is mirrored from then on.
    public func setDirection(_ direction: LayoutDirection) throws(ViewSessionError) {
        layout.direction = direction
        try invalidate()
    }

    /// Where scrolling should come to rest.
    public func targetContentOffset(proposed: Point, velocity: Point) throws(ViewSessionError) -> Point {
        try prepareIfNeeded()
        return try call { () throws(PluginCallError) in
            try layout.targetContentOffset(proposed: proposed, velocity: velocity)
        }
    }

    /// Runs plugin work, turning its failures into located errors.
    func call<T>(_ body: () throws(PluginCallError) -> T) throws(ViewSessionError) -> T {
        do {
            return try body()
        } catch {
            throw Self.locate(error, view: view, source: source, file: workspaceFile)
        }
    }

    private func warnOnce(_ message: String) {
        guard !hasWarned else { return }
        hasWarned = true
        warn?("view '\(view.name)': plugin '\(view.layout)' \(message)")
    }
}
