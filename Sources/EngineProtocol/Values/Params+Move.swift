import JSONRPC
import LayoutKit
import RequestParams

extension Params {
    /// A cell's index path: `{section, item}`.
    package func cellPath(_ key: String) throws(RPCError) -> ItemPath {
        let object = try object(key)
        return ItemPath(section: try object.integer("section"), item: try object.integer("item"))
    }
}
