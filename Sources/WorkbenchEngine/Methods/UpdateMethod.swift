import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import RequestParams
import Sessions

/// `update {view, changes: [change…], rect?}` → `{appearing: [{after, initial}], bounds,
/// contentOffsetAdjustment, contentSize, disappearing: [{before, final}], moving: [{after, before}]}`:
/// applies the changes as one batch to the view's source (every view bound to it sees them)
/// and tells what the elements intersecting `rect` (default: the view's bounds) before or
/// after do; the scroll anchor stays in place (the bounds move by the adjustment). An invalid batch is
/// refused whole (-32602 naming `params.changes[k]`); nothing is applied.
enum UpdateMethod: ViewMethod {
    static let name = "update"
    static let isQuick = false

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let changes = try params.changes("changes")
        let rect = params.has("rect") ? try params.rect("rect") : nil
        let result: UpdateResult
        do {
            result = try session.update(changes, rect: rect)
        } catch {
            switch error {
            case .refused(let refusal): throw .invalidParams("params.\(refusal.description)")
            case .failed(let failure): throw RPCError(failure)
            }
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.updateFields(result, anchoring: true)
        writer.endObject()
        return writer.bytes
    }
}

extension JSONWriter {
    /// `appearing`, `contentSize`, `disappearing`, `moving`: an update's answer, in an open
    /// object (the move and transition methods add their own fields around them).
    mutating func updateFields(_ result: UpdateResult, contentSize: Bool = true, anchoring: Bool = false) {
        key("appearing")
        pairs(result.appearing.map { ($0.after, $0.initial) }, keys: ("after", "initial"))
        if anchoring {
            key("bounds"); rect(result.bounds)
            key("contentOffsetAdjustment"); point(result.contentOffsetAdjustment)
        }
        if contentSize { key("contentSize"); size(result.contentSize) }
        key("disappearing")
        pairs(result.disappearing.map { ($0.before, $0.final) }, keys: ("before", "final"))
        key("moving")
        pairs(result.moving.map { ($0.after, $0.before) }, keys: ("after", "before"))
    }

    /// `[{first: attributes, second: attributes}…]`, keys in the order given (sorted).
    mutating func pairs(_ pairs: [(LayoutAttributes, LayoutAttributes)], keys: (String, String)) {
        beginArray()
        for (first, second) in pairs {
            beginObject()
            key(keys.0); attributes(first)
            key(keys.1); attributes(second)
            endObject()
        }
        endArray()
    }
}
