import JSON
import TestSupport
import Testing

struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)[...]) }

    @Test func valuesParse() throws {
        #expect(
            try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83c\udf89"} "#)
                == .object([
                    ("a", .array([.number(1), .number(-2500), .bool(true), .bool(false), .null])),
                    ("b", .string("x\"\\/\u{8}\u{C}\n\r\té🎉")),
                ]))
        #expect(try parse("0") == .number(0))
        #expect(try parse(#""""#) == .string(""))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "{'a': 1}", "01", "1.", "-", "1e", "NaN", "Infinity", "1e999", "tru", "\"a",
        "\"\u{1}\"", "\"\\x\"", "\"\\ud800\"", "[1] 2", "{\"a\":1,}",
    ])
    func invalidTextIsRefused(text: String) {
        #expect(throws: JSONParser.Error.self) { try parse(text) }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONParser.Error(message: "invalid UTF-8 in a string", offset: 1)) {
            try JSONParser.parse([0x22, 0xFF, 0x22][...])
        }
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Error(message: "JSON nested deeper than 256 levels", offset: 256)) {
            try parse(deep)
        }
        #expect(throws: Never.self) {
            try parse(String(repeating: "[", count: 255) + String(repeating: "]", count: 255))
        }
    }

    @Test(arguments: 0..<300)
    func randomBytesNeverCrashTheParser(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let alphabet = Array("{}[]\",:0123456789.-+eEtrufalsn \\u\n".utf8) + [0xC3, 0xA9, 0xFF]
        let bytes = (0..<random.next(in: 0...60)).map { _ in alphabet[random.next(in: 0...(alphabet.count - 1))] }
        _ = try? JSONParser.parse(bytes[...])
    }
}
