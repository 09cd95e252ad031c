import EngineProtocol
import JSONRPC
import Sessions

/// `transition`: switches the view to another layout (or other options) for the session —
/// before: the old layout in the old bounds; after: the new layout in the new bounds, whose
/// origin keeps the first visible cell in place on screen (or is where the new layout's
/// `target_content_offset_for_proposed` puts it). `data`, for a switch to another
/// layout: what it did with the view's data (`TransitionDataNote`).
enum TransitionMethod: ViewMethod {
    static let isQuick = false

    static func run(_ request: TransitionRequest, session: ViewSession) throws(RPCError) -> TransitionResponse {
        let result = try rpc { () throws(RequestFailure) in
            try session.transition(to: request.layout, options: request.options)
        }
        return TransitionResponse(
            contentOffset: result.contentOffset, changes: ElementChanges(result.changes),
            contentSize: result.changes.contentSize,
            data: result.data.map {
                TransitionResponse.DataNote(
                    from: $0.from, to: $0.to, sections: $0.sections, items: $0.items, message: $0.message)
            })
    }
}
