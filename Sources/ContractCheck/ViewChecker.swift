import LayoutChecker
import LayoutKit
import PluginHost
import Sessions
import SourceDiagnostics
import WorkspaceModel

/// Checks views of workspaces against the layout contract (`ContractChecker`) through their
/// plugins: fresh layouts in each direction asked for, the mirror of a flipping plugin, the
/// transitions to the other layouts of the workspace, and the host's scroll anchoring.
///
/// `workbench check` runs it over batches of workspaces (with snapshots), `workbench serve`
/// on a saved document, `workbench mcp` on an open view. It never prints.
public struct ViewChecker: Sendable {
    public var plugins: PluginCatalog
    public var checker: ContractChecker
    /// The longest one view's `prepare` may take, in seconds; nil for no limit.
    public var timeout: Double?
    /// Which directions the invariants run in; the `mirror` invariant runs on every view whose
    /// plugin flips, whatever this says.
    public var directions = CheckDirections.asWritten

    public init(plugins: PluginCatalog, checker: ContractChecker = ContractChecker()) {
        self.plugins = plugins
        self.checker = checker
    }

    /// A broken rule, and the direction the view was laid out in when it broke.
    package typealias DirectedViolation = (direction: LayoutDirection, violation: Violation)

    /// Prepares one view and runs the contract on fresh layouts of it: in each direction
    /// `directions` asks for, mirrored against left to right for a flipping plugin, and the
    /// transitions to every other layout its workspace names that can show its source.
    ///
    /// - Returns: the prepared session and the violations found, or the located error that
    ///   kept the view from being checked (its plugin missing, its options or data refused).
    package func contract(of view: ViewDefinition, in workspace: Workspace) -> Result<
        (session: ViewSession, violations: [DirectedViolation]), Diagnostic
    > {
        let session: ViewSession
        do throws(ViewSessionError) {
            session = try ViewSession(view: view, in: workspace, plugins: plugins)
            session.timeout = timeout
            try session.prepareIfNeeded()
        } catch {
            return .failure(error.diagnostic)
        }
        var violations: [DirectedViolation] = []
        do throws(LayoutError) {
            let backend = try? plugins.backend(named: view.layout)
            let data = session.source.data
            for direction in directions.directions(for: view) {
                violations += try checker.check(
                    data: data.source, bounds: view.bounds, makeLayout: makeLayout(view, backend, data, direction)
                )
                .map { (direction, $0) }
            }
            if backend?.plugin.flipsHorizontally == true {
                violations += try checker.checkMirror(
                    data: data.source, bounds: view.bounds,
                    rightToLeft: makeLayout(view, backend, data, .rightToLeft),
                    leftToRight: makeLayout(view, backend, data, .leftToRight)
                )
                .map { (.rightToLeft, $0) }
            }
            // Transitions are judged against the layouts' own answers: meaningless if those are wrong.
            if violations.isEmpty {
                violations += checkTransitions(of: view, in: workspace, data: data).map { (view.direction, $0) }
            }
            return .success((session, violations))
        } catch {
            return .failure(ViewSession.locate(error, view: view, source: session.source, file: workspace.file))
        }
    }

    /// Makes fresh layouts of `view` for the checker, in `direction` (mirrored by the host
    /// when the plugin flips), with the plugin's answers as it wrote them.
    func makeLayout(
        _ view: ViewDefinition, _ backend: (any PluginBackend)?, _ data: DataSet,
        _ direction: LayoutDirection
    ) -> () throws(LayoutError) -> any Layout {
        let timeout = timeout
        return { () throws(LayoutError) -> any Layout in
            guard let backend else { throw .layout(message: "the plugin is gone") }
            do throws(PluginCallError) {
                let instance = DirectedInstance(
                    try backend.makeInstance(options: view.options),
                    flipsHorizontally: backend.plugin.flipsHorizontally, direction: direction)
                return RawPluginLayout(instance, data: data, timeout: timeout)
            } catch {
                if case .reported(let reported) = error { throw reported }
                throw .layout(message: error.description)
            }
        }
    }
}
