import JSONRPC
import LayoutKit
import RequestParams

extension Params {
    /// A layout direction: `"leftToRight"` or `"rightToLeft"`.
    package func direction(_ key: String) throws(RPCError) -> LayoutDirection {
        let text = try string(key)
        guard let direction = LayoutDirection(rawValue: text) else {
            throw .invalidParams("\(path).\(key): expected \"leftToRight\" or \"rightToLeft\", got \"\(text)\"")
        }
        return direction
    }
}
