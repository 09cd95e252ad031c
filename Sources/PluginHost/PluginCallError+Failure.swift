package import CLayoutABI
import LayoutKit

extension PluginCallError {
    /// What a plugin's failed call means — the one translation both backends use, so a plugin
    /// fails the same way in process and isolated.
    ///
    /// Cancelled (or timed out, when the flag was raised by the time limit) when the status or
    /// the plugin's error says so; the plugin's own error when it filled one in; else the call
    /// failed with its status and no details.
    package static func failure(
        status: Int32, error: wb_error, plugin: String, operation: String,
        cancel: CancelFlag?
    ) -> PluginCallError {
        if status == Int32(WB_ERROR_CANCELLED) || error.code == Int32(WB_ERROR_CANCELLED) {
            if case .timedOut(let seconds) = cancel?.raisedReason {
                return .timedOut(plugin: plugin, operation: operation, seconds: seconds)
            }
            return .cancelled
        }
        return error.code != Int32(WB_OK)
            ? .reported(error.layoutError) : .failed(plugin: plugin, operation: operation, status: Int(status))
    }

    /// A `create` that made no layout: the plugin's own error when it filled one in.
    package static func creationFailure(error: wb_error) -> PluginCallError {
        .reported(
            error.code != Int32(WB_OK)
                ? error.layoutError : .layout(message: "the plugin made no layout and gave no reason"))
    }
}
