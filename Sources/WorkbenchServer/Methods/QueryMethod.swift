import JSONOutput
import JSONRPC
import Sessions

/// `query {view, rect}` → `{elements: [attributes…]}` in canonical order;
/// `query {view, element: {category, kind?, section, item}}` → `{element: attributes | null}`.
enum QueryMethod: ViewMethod {
    static let name = "query"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        if params.has("element") {
            let element = try params.element("element")
            let attributes = try rpc { () throws(WorkbenchError) in try session.attributes(for: element) }
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("element")
            if let attributes { writer.attributes(attributes) } else { writer.null() }
            writer.endObject()
            return writer.bytes
        }
        guard params.has("rect") else { throw .invalidParams("params.rect or params.element is required") }
        let rect = try params.rect("rect")
        let elements = try rpc { () throws(WorkbenchError) in try session.elements(in: rect) }
        var writer = JSONWriter(capacity: 16 + elements.count * 170)
        writer.beginObject()
        writer.key("elements")
        writer.beginArray()
        for attributes in elements { writer.attributes(attributes) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
