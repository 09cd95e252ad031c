extension JSONWriter {
    /// A parsed JSON value, members in their order.
    public mutating func json(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let string): self.string(string)
        case .array(let elements):
            beginArray()
            for element in elements { json(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                json(member.value)
            }
            endObject()
        }
    }
}
