import JSONRPC

/// What each piece of the engine's work waits for: the ordering rules as data, run by the
/// engine's one `DependencyQueue` (`Engine+Queue.swift`).
///
/// | kind | what | waits for |
/// | --- | --- | --- |
/// | `immediate` | `$/cancelRequest`, `exit` | nothing: acts as soon as read, never queued |
/// | `control` | workspace-wide methods (`open`, `change`, `reload`, …), a watched file's reload, a plugin rescan, `exit`'s answer | every earlier control work |
/// | `view` | a view's methods (`prepare`, `query`, `update`, …) and its session's upkeep | the view's earlier work, and every earlier control work (an `open` it may depend on); a quick one with nothing to wait for, on a prepared view, runs inline on the reading thread |
/// | `documents` | the language service's methods, a data file changed on disk | earlier document work |
/// | `contractCheck` | a document's contract check | the check before it |
public enum EngineWork: DependencyTracker {
    case immediate
    case control
    /// `isQuick`: whether it answers in microseconds on a prepared view (`ViewMethod.isQuick`).
    case view(String, isQuick: Bool)
    case documents
    case contractCheck

    /// The kind of work a request is, by its method's handler (`MethodTable`); a view method
    /// that names no view is control work (answered there: -32602).
    init(_ handler: MethodTable.Handler?, view: String?) {
        switch handler {
        case .immediate?: self = .immediate
        case .document?: self = .documents
        case .view(let method)?: self = view.map { .view($0, isQuick: method.isQuick) } ?? .control
        case .control?, nil: self = .control
        }
    }

    public func isDependency(of later: EngineWork) -> Bool {
        switch (self, later) {
        case (.control, .control), (.control, .view), (.documents, .documents), (.contractCheck, .contractCheck):
            true
        case (.view(let earlier, _), .view(let view, _)): earlier == view
        default: false
        }
    }

    var isControl: Bool { self == .control }

    var isView: Bool { if case .view = self { true } else { false } }
}
