import JSONRPC
import LayoutKit
import RequestParams

extension Params {
    /// `sizes: [{element: {category, kind?, section, item}, size: {width, height}}…]`, each
    /// side 0…1e15; a bad one is named by its place: "params.sizes[2].size.width: …".
    package func preferredSizes(_ key: String) throws(RPCError) -> [ElementSize] {
        guard case .array(let elements) = value[key] ?? .null else {
            throw .invalidParams(
                "\(path).\(key): expected an array of {element, size}, got \(value[key]?.kindDescription ?? "nothing")")
        }
        var sizes: [ElementSize] = []
        sizes.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let entry = Params(element, path: "\(path).\(key)[\(index)]")
            guard case .object = element else {
                throw .invalidParams("\(entry.path): expected an object, got \(element.kindDescription)")
            }
            let size = try entry.object("size")
            sizes.append(
                ElementSize(
                    element: try entry.element("element"),
                    size: Size(
                        width: try size.number("width", rule: .nonNegative),
                        height: try size.number("height", rule: .nonNegative))))
        }
        return sizes
    }
}
