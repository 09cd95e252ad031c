import LayoutKit
import PluginHost
import SourceDiagnostics
import WorkspaceModel

/// One view's live state, playing the collection view to its layout: the layout object, its
/// data, the current bounds, and whether it must be prepared before the next query.
///
/// Not thread-safe: one owner uses it at a time (the batch runner, or the server's view queue).
public final class ViewSession {
    public let view: ViewDefinition
    public let source: LoadedSource
    public let layout: PluginLayout
    public let workspaceFile: SourceFile
    /// The collection view's bounds: origin = content offset, size = viewport.
    public private(set) var bounds: Rect
    /// Whether the layout must be prepared before answering.
    public private(set) var needsPrepare = true

    /// Opens `view` of `workspace` with its plugin from `plugins`.
    ///
    /// - Throws: `.plugin` if the layout's plugin is missing, `.layout` if it refuses the options.
    public init(view: ViewDefinition, in workspace: Workspace, plugins: PluginRegistry) throws(WorkbenchError) {
        self.view = view
        self.workspaceFile = workspace.file
        guard let source = workspace.sources[view.source] else {
            throw WorkbenchError(.workspace, workspace.file.error("no source named '\(view.source)'", at: view.mark))
        }
        self.source = source
        let plugin: LoadedPlugin
        do {
            plugin = try plugins.plugin(named: view.layout)
        } catch {
            throw WorkbenchError(.plugin, workspace.file.error(error.description, at: view.layoutMark))
        }
        do {
            layout = try plugin.makeLayout(options: view.options)
        } catch {
            throw WorkbenchError(.layout, Self.locate(error, view: view, source: source, file: workspace.file))
        }
        bounds = view.bounds
    }

    /// Prepares the layout if an invalidation (or nothing yet) requires it.
    ///
    /// - Returns: whether `prepare` ran.
    @discardableResult
    public func prepareIfNeeded() throws(WorkbenchError) -> Bool {
        guard needsPrepare else { return false }
        do {
            try layout.prepare(LayoutContext(dataSource: source.data.source, bounds: bounds))
        } catch {
            throw WorkbenchError(error == .cancelled ? .cancelled : .layout,
                                 Self.locate(error, view: view, source: source, file: workspaceFile))
        }
        needsPrepare = false
        return true
    }

    /// The elements intersecting `rect`, in canonical order, preparing first if needed.
    public func elements(in rect: Rect) throws(WorkbenchError) -> [LayoutAttributes] {
        try prepareIfNeeded()
        return layout.elements(in: rect)
    }

    /// Runs `body` on the plugin's raw records for `rect`, preparing first if needed; nil if
    /// the plugin failed to answer.
    public func withElementRecords<T>(in rect: Rect, _ body: (AttributesRecords) -> T) throws(WorkbenchError) -> T? {
        try prepareIfNeeded()
        return layout.withElementRecords(in: rect, body)
    }

    /// One element's attributes, or nil if the layout has no such element.
    public func attributes(for element: ElementID) throws(WorkbenchError) -> LayoutAttributes? {
        try prepareIfNeeded()
        return layout.attributes(for: element)
    }

    public func contentSize() throws(WorkbenchError) -> Size {
        try prepareIfNeeded()
        return layout.contentSize
    }

    /// Moves or resizes the bounds, as scrolling or rotating would; invalidates the layout
    /// only if it says so, with the invalidation it asks for.
    ///
    /// - Returns: whether the layout was invalidated.
    @discardableResult
    public func setBounds(_ newBounds: Rect) throws(WorkbenchError) -> Bool {
        try prepareIfNeeded()
        defer { bounds = newBounds }
        guard newBounds != bounds, layout.shouldInvalidate(forBoundsChange: newBounds) else { return false }
        layout.invalidate(layout.invalidation(forBoundsChange: newBounds))
        needsPrepare = true
        return true
    }

    /// Invalidates everything; the next query prepares again.
    public func invalidate() {
        layout.invalidate(.everything)
        needsPrepare = true
    }

    /// Where scrolling should come to rest.
    public func targetContentOffset(proposed: Point, velocity: Point) throws(WorkbenchError) -> Point {
        try prepareIfNeeded()
        return layout.targetContentOffset(proposed: proposed, velocity: velocity)
    }

    /// A `LayoutError` as a diagnostic at the option, item or view it concerns.
    static func locate(_ error: LayoutError, view: ViewDefinition, source: LoadedSource, file: SourceFile) -> Diagnostic {
        let prefix = "view '\(view.name)' (\(view.layout)): "
        switch error {
        case .option(let field, _):
            return file.error(prefix + error.description, at: view.mark(ofOption: field))
        case .data(let item, _, _):
            if let (dataFile, mark) = source.location(of: item) {
                return dataFile.error(prefix + error.description, at: mark)
            }
            return source.file.error(prefix + error.description, at: source.mark)
        case .layout, .cancelled:
            return file.error(prefix + error.description, at: view.mark)
        }
    }
}
