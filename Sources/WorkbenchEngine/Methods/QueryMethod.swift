import EngineProtocol
import JSON
import JSONOutput
import JSONRPC
import LayoutKit
import PluginHost
import RequestParams
import Sessions

/// `query`: a rect's elements in canonical order (with `labels`, each cell's data item as
/// text: its `name` or `title` or the value itself), or one element's attributes.
enum QueryMethod: ViewMethod {
    static let isQuick = true

    static func run(_ request: QueryRequest, session: ViewSession) throws(RPCError) -> QueryResponse {
        switch request.target {
        case .element(let element):
            let attributes = try rpc { () throws(ViewSessionError) in try session.attributes(for: element) }
            return QueryResponse(.element(attributes))
        case .rect(let rect, let labels):
            try check(rect)
            let data = labels ? session.source.data.source : nil
            let bytes = try rpc { () throws(ViewSessionError) in
                try session.withElementRecords(in: rect) { writeRecords($0, labelsFrom: data) }
            }.get()
            return QueryResponse(.elements(EncodedElements(bytes: bytes)))
        }
    }

    /// A rect made in the process meets the rule a rect read from params does (`QueryRequest.rectRule`).
    private static func check(_ rect: Rect) throws(RPCError) {
        func check(_ key: String, _ value: Double, _ rule: NumberRule) throws(RPCError) {
            if let violation = rule.violation(value) { throw .invalidParams("params.rect.\(key): \(violation)") }
        }
        try check("x", rect.x, QueryRequest.rectRule)
        try check("y", rect.y, QueryRequest.rectRule)
        try check("width", rect.width, sizeRule)
        try check("height", rect.height, sizeRule)
    }

    private static let sizeRule: NumberRule = {
        var rule = QueryRequest.rectRule
        rule.minimum = .atLeast(0)
        return rule
    }()
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
