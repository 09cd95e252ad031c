/// A request about one view (`params.view`), answered in order with the view's other requests.
public protocol ViewRequest: EngineRequest {
    /// The view's id, "workspace/view".
    var view: String { get }
}
