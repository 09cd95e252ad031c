import JSON
import JSONOutput
import JSONRPC
import RequestParams
import Sessions

/// `targetContentOffset {view, proposed: {x, y}, velocity: {x, y}}` → `{x, y}`: where
/// scrolling should come to rest.
enum TargetContentOffsetMethod: ViewMethod {
    static let name = "targetContentOffset"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        let proposed = try params.point("proposed"), velocity = try params.point("velocity")
        let target = try rpc { () throws(ViewSessionError) in
            try session.targetContentOffset(proposed: proposed, velocity: velocity)
        }
        var writer = JSONWriter()
        writer.point(target)
        return try writer.checkedBytes()
    }
}
