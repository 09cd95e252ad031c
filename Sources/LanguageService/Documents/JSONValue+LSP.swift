import JSON

extension JSONValue {
    /// An object with these members, in this order.
    static func members(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { (key: $0.key, value: $0.value) })
    }

    static func integer(_ integer: Int) -> JSONValue { .number(Double(integer)) }

    /// `{kind: "markdown", value}`: documentation or hover text.
    static func markdown(_ text: String) -> JSONValue {
        .members(["kind": .string("markdown"), "value": .string(text)])
    }
}

extension Position {
    var json: JSONValue { .members(["line": .integer(line), "character": .integer(character)]) }
}

extension Range {
    var json: JSONValue { .members(["start": start.json, "end": end.json]) }
}

/// `{uri, range}`: a place in a file.
func location(_ uri: String, _ range: Range) -> JSONValue {
    .members(["uri": .string(uri), "range": range.json])
}
