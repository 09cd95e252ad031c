import EngineProtocol
import JSONRPC
import Sessions

/// `update`: applies the changes as one batch to the view's source (every view bound to it
/// sees them) and tells what the elements meeting the rect (default: the view's bounds) before
/// or after do; the scroll anchor stays in place. An invalid batch is refused whole (-32602
/// naming `params.changes[k]`); nothing is applied.
enum UpdateMethod: ViewMethod {
    static let isQuick = false

    static func run(_ request: UpdateRequest, session: ViewSession) throws(RPCError) -> UpdateResponse {
        let result: UpdateResult
        do {
            result = try session.update(request.changes, rect: request.rect)
        } catch {
            switch error {
            case .refused(let refusal): throw .invalidParams("params.\(refusal.description)")
            case .failed(let failure): throw RPCError(failure)
            }
        }
        return UpdateResponse(result, isAnchored: true)
    }
}

extension UpdateResponse {
    /// An update's answer; `isAnchored`: with the bounds and the adjustment that kept the anchor.
    init(_ result: UpdateResult, isAnchored: Bool) {
        self.init(
            changes: ElementChanges(result), contentSize: result.contentSize,
            anchoring: isAnchored
                ? ScrollAnchoring(bounds: result.bounds, contentOffsetAdjustment: result.contentOffsetAdjustment) : nil)
    }
}

extension ElementChanges {
    init(_ result: UpdateResult) {
        self.init(appearing: result.appearing, disappearing: result.disappearing, moving: result.moving)
    }
}
