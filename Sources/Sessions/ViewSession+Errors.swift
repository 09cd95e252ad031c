import LayoutKit
import PluginHost
import SourceDiagnostics
import WorkspaceModel

extension ViewSession {
    /// A plugin failure as an error at the option, item or view it concerns.
    package static func locate(_ failure: PluginCallError, view: ViewDefinition, source: LoadedSource, file: SourceFile)
        -> ViewSessionError
    {
        let prefix = "view '\(view.name)' (\(view.layout)): "
        var details = failure.details
        if !details.isEmpty { details["view"] = view.name }
        switch failure {
        case .reported(let error):
            return ViewSessionError(
                error == .cancelled ? .cancelled : .layout, locate(error, view: view, source: source, file: file))
        case .cancelled:
            return ViewSessionError(.cancelled, file.error(prefix + "cancelled", at: view.mark))
        case .failed, .badRecord, .crashed, .stoppedBySandbox, .timedOut, .broken:
            return ViewSessionError(.layout, file.error(prefix + failure.description, at: view.mark), details: details)
        }
    }

    /// A `LayoutError` as a diagnostic at the option, item or view it concerns.
    package static func locate(_ error: LayoutError, view: ViewDefinition, source: LoadedSource, file: SourceFile)
        -> Diagnostic
    {
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

    /// A layout's failure to prepare at bounds of another size than the workspace's viewport
    /// (a client resized the frame: the preview's Width and Height) as an error of that size:
    /// said at the frame size, located at the view's `viewport:` (or its name), with
    /// `cause: "viewport"` in its details — the size is what to change, not the data the
    /// layout named. Other errors, and any at the viewport's own size, are returned unchanged.
    func atFrameSize(_ error: ViewSessionError) -> ViewSessionError {
        guard error.kind == .layout, bounds.size != view.viewport else { return error }
        let prefix = "view '\(view.name)' (\(view.layout)): "
        let reason =
            error.diagnostic.message.hasPrefix(prefix)
            ? String(error.diagnostic.message.dropFirst(prefix.count)) : error.diagnostic.message
        let size = { (size: Size) in "\(size.width.compactDescription) × \(size.height.compactDescription)" }
        let message =
            "view '\(view.name)' (\(view.layout)) at the frame size \(size(bounds.size)) "
            + "(the workspace's viewport: \(size(view.viewport))): \(reason)"
        var details = error.details
        details["cause"] = "viewport"
        details["view"] = view.name
        return ViewSessionError(
            .layout, workspaceFile.error(message, at: view.viewportMark ?? view.mark), details: details)
    }
}
