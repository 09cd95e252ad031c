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

    /// Whole numbers of up to 15 digits are read from their digits; every number must come out
    /// as `strtod` (Swift's `Double(String)`) reads it, bit for bit: signs, zero, -0, and the
    /// lengths either side of 15 digits.
    @Test func numbersReadAsStrtodReadsThem() throws {
        var texts = ["0", "-0", "7", "-7", "0.5", "-0.0", "1e2", "-1E-2", "12.0"]
        for digits in 1...18 {
            texts.append(String(repeating: "9", count: digits))
            texts.append("1" + String(repeating: "0", count: digits - 1))
        }
        texts += ["9007199254740993", "123456789012345", "-123456789012345", "1234567890123456"]
        var random = SplitMix(seed: 38)
        for _ in 0..<2000 {
            let digits = random.next(in: 1...17)
            let number = (0..<digits).map { index in String(random.next(in: (index == 0 ? 1 : 0)...9)) }.joined()
            texts.append(random.next(in: 0...1) == 0 ? number : "-" + number)
        }
        for text in texts {
            guard case .number(let value) = try parse(text), let expected = Double(text) else {
                Issue.record("\(text) is not read as a number")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) against \(expected)")
        }
    }

    /// Plain ASCII strings take their own path; what is not plain ASCII after a plain start
    /// (an escape, a non-ASCII letter, a control character) still takes the others.
    @Test func stringsThatStartPlainAndGoOnOtherwiseAreReadWhole() throws {
        #expect(try parse(#""plain text""#) == .string("plain text"))
        #expect(try parse(#""ab\ncd""#) == .string("ab\ncd"))
        #expect(try parse("\"abé漢字\"") == .string("abé漢字"))
        #expect(throws: JSONParser.Error.self) { try parse("\"ab\u{1}cd\"") }
        #expect(throws: JSONParser.Error.self) { try parse("\"abc") }
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse([0x22, 0x61, 0x62, 0xFF, 0x22][...]) }
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
