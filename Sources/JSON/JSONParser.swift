/// A strict JSON parser (RFC 8259) over bytes: UTF-8 checked, nesting capped, no NaN or
/// Infinity, nothing after the value but white space.
public struct JSONParser {
    /// Why the bytes are not JSON, and where.
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var offset: Int
        public var description: String { "\(message) at byte \(offset)" }

        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    public static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// The exact text of each message's numeric `id`, by message index (0 for a lone
    /// message, the position in a batch otherwise), so that replies echo it byte for byte.
    private var idTokens: [Int: String] = [:]
    /// The position in the batch of the message being parsed.
    private var messageIndex = 0
    /// Whether the top-level value is an array (a batch).
    private var isBatch = false

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses one JSON text.
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(Error) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(Error) in try parse(buffer) }
    }

    /// Parses one JSON-RPC message (an object, or a batch of them), keeping the exact text
    /// of each message's numeric `id` (by position in the batch; 0 for a lone message):
    /// ids like 9007199254740993 or 1.50 must come back as sent, which a Double cannot hold.
    public static func parseMessage(_ bytes: ArraySlice<UInt8>) throws(Error) -> (
        value: JSONValue, idTokens: [Int: String]
    ) {
        try bytes.withUnsafeBufferPointer { buffer throws(Error) in
            var parser = JSONParser(buffer)
            let value = try parser.parseWhole()
            return (value, parser.idTokens)
        }
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(Error) -> JSONValue {
        var parser = JSONParser(buffer)
        return try parser.parseWhole()
    }

    private mutating func parseWhole() throws(Error) -> JSONValue {
        skipWhitespace()
        let value = try self.value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String) -> Error { Error(message: message, offset: index) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) throws(Error) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        guard let byte = current else { throw error("unexpected end of JSON") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Error) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
        else { throw error("invalid literal") }
        index += count
        return value
    }

    private mutating func object(depth: Int) throws(Error) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            skipWhitespace()
            let valueStart = index
            members.append((key, try value(depth: depth + 1)))
            // A message's own `id` sits in an object at depth 0 (a lone message) or 1 (in a batch).
            if depth == (isBatch ? 1 : 0), key == "id", case .number = members[members.count - 1].value {
                idTokens[messageIndex] = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(Error) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if depth == 0 {
                isBatch = true
                messageIndex = elements.count
            }
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func number() throws(Error) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("invalid number")
        }
        if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        // Whole numbers of up to 15 digits (ids, most coordinates) are exact as a Double:
        // made from their digits, without a String and `strtod`.
        let digitsEnd = index
        let digitStart = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if digitsEnd - digitStart <= 15, current != UInt8(ascii: "."), current != UInt8(ascii: "e"),
            current != UInt8(ascii: "E")
        {
            var whole = 0
            for position in digitStart..<digitsEnd { whole = whole * 10 + Int(bytes[position] &- UInt8(ascii: "0")) }
            return digitStart == start ? Double(whole) : -Double(whole)
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw error("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw Error(message: "number out of range", offset: start)
        }
        return number
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func string() throws(Error) -> String {
        index += 1
        // Fastest path, every key and most values of a request: plain ASCII, which is UTF-8 as
        // it stands (`String(validating:)` would check it again, through unspecialized code).
        var end = index
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\""),
            bytes[end] != UInt8(ascii: "\\")
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            index = end + 1
            return text
        }
        // Fast path: no escapes — one UTF-8 validation of the whole run.
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self) else {
                throw Error(message: "invalid UTF-8 in a string", offset: index)
            }
            index = end + 1
            return text
        }
        // The decoded bytes, grown geometrically: appending to a string's scalars would copy
        // the whole string at each escape (quadratic for a long text with many line breaks).
        var utf8: [UInt8] = []
        var runStart = index
        func flushRun(_ end: Int) throws(Error) {
            guard end > runStart else { return }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
            guard String(validating: run, as: UTF8.self) != nil else {
                throw Error(message: "invalid UTF-8 in a string", offset: runStart)
            }
            utf8.append(contentsOf: run)
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(index)
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try flushRun(index)
                index += 1
                utf8.append(contentsOf: String(try escape()).utf8)
                runStart = index
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func escape() throws(Error) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("unpaired surrogate in a \\u escape")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in a \\u escape") }
            return scalar
        default:
            throw error("invalid escape")
        }
    }

    private mutating func hex4() throws(Error) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
