import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import PluginHost
import RequestParams
import Sessions

/// `query {view, rect, labels?}` → `{elements: [attributes…], labels?: [text | null…]}` in
/// canonical order (`labels: true`: each cell's data item as text, its `name` or `title` or the
/// value itself; null for other elements);
/// `query {view, element: {category, kind?, section, item}}` → `{element: attributes | null}`.
enum QueryMethod: ViewMethod {
    static let name = "query"

    static func run(_ params: Params, session: ViewSession) throws(RPCError) -> [UInt8] {
        if params.has("element") {
            let element = try params.element("element")
            let attributes = try rpc { () throws(ViewSessionError) in try session.attributes(for: element) }
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("element")
            if let attributes { writer.attributes(attributes) } else { writer.null() }
            writer.endObject()
            return try writer.checkedBytes()
        }
        guard params.has("rect") else { throw .invalidParams("params.rect or params.element is required") }
        let rect = try params.rect("rect", coordinates: Params.queryRule)
        let wantsLabels = params.has("labels") ? try params.bool("labels") : false
        let data = wantsLabels ? session.source.data.source : nil
        return try rpc { () throws(ViewSessionError) in
            try session.withElementRecords(in: rect) { writeRecords($0, labelsFrom: data) }
        }.get()
    }
}

extension QueryMethod {
    /// `{elements: [...]}` written straight from the plugin's checked records, extra fields
    /// from the plugin's encoded bytes (decoded only when not canonical): one plugin call,
    /// no `LayoutAttributes` built. A non-finite number among them is a layout error, never a `null`.
    static func writeRecords(_ records: AttributesRecords, labelsFrom data: DataSource? = nil) -> Result<
        [UInt8], RPCError
    > {
        var writer = JSONWriter(capacity: 16 + records.count * 170)
        writer.beginObject()
        writer.key("elements")
        writer.beginArray()
        for index in 0..<records.count { writer.attributes(records, at: index) }
        writer.endArray()
        if let data {
            writer.key("labels")
            writer.beginArray()
            for index in 0..<records.count {
                let record = records[index]
                let label =
                    record.category == .cell
                    ? data.value(at: ItemPath(section: record.section, item: record.item)).label : nil
                if let label { writer.string(label) } else { writer.null() }
            }
            writer.endArray()
        }
        writer.endObject()
        return Result { () throws(RPCError) in try writer.checkedBytes() }
    }
}
