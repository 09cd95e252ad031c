import JSON

/// Builds the messages a server sends: responses, `{"id", "jsonrpc": "2.0", "result" | "error"}`,
/// and notifications, `{"jsonrpc": "2.0", "method", "params"}` — the one place their envelopes
/// are written.
package enum Response {
    package static func result(id: RequestID?, _ result: [UInt8]) -> [UInt8] {
        Array(resultParts(id: id, result).joined())
    }

    /// The result message in three parts — the envelope's start, `result` itself, the closing
    /// brace — so that a large result is written as it is, not copied into a message.
    package static func resultParts(id: RequestID?, _ result: [UInt8]) -> [[UInt8]] {
        var writer = JSONWriter(capacity: 48)
        writer.beginObject()
        writer.key("id"); writer.requestID(id)
        writer.key("jsonrpc"); writer.string("2.0")
        writer.key("result")
        return [writer.bytes, result, [UInt8(ascii: "}")]]
    }

    package static func error(id: RequestID?, _ error: RPCError) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("error")
        writer.beginObject()
        writer.key("code"); writer.integer(error.code)
        if let data = error.data {
            writer.key("data"); writer.json(data)
        }
        writer.key("message"); writer.string(error.message)
        writer.endObject()
        writer.key("id"); writer.requestID(id)
        writer.key("jsonrpc"); writer.string("2.0")
        writer.endObject()
        return writer.bytes
    }

    package static func notification(_ notification: RPCNotification) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("jsonrpc"); writer.string("2.0")
        writer.key("method"); writer.string(notification.method)
        writer.key("params"); notification.params.write(to: &writer)
        writer.endObject()
        return writer.bytes
    }
}

extension JSONWriter {
    /// A request's id as it was sent (numbers keep their token), or null.
    package mutating func requestID(_ id: RequestID?) {
        switch id {
        case .number(_, let text)?: raw(Array(text.utf8))
        case .string(let string)?: self.string(string)
        case nil: null()
        }
    }
}
