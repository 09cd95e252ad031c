import SourceDiagnostics
import Testing

/// Where bytes stop being UTF-8, as the line and column a "not UTF-8" error names.
struct UTF8PositionTests {
    func position(_ bytes: [UInt8]) -> Mark? { UTF8Position.firstInvalidByte(in: bytes) }

    @Test func validTextHasNoInvalidByte() {
        #expect(position(Array("naïve 名前 🎉\nok\n".utf8)) == nil)
        #expect(position([]) == nil)
    }

    @Test func theFirstBadByteIsLocatedByLineAndScalarColumn() {
        #expect(position(Array("ab\ncd".utf8) + [0xFF] + Array("e".utf8)) == Mark(line: 2, column: 3))
        // "é" is two bytes and one column.
        #expect(position(Array("é".utf8) + [0xFF]) == Mark(line: 1, column: 2))
        // An overlong encoding of "/" and a lone continuation byte are invalid where they start.
        #expect(position([0x61, 0xC0, 0xAF]) == Mark(line: 1, column: 2))
        #expect(position([0x80]) == Mark(line: 1, column: 1))
        // A sequence cut short by the end of the input.
        #expect(position(Array("x\ny".utf8) + [0xE2, 0x82]) == Mark(line: 2, column: 2))
    }
}
