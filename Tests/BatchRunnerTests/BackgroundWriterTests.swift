import Synchronization
import Testing

@testable import BatchRunner

/// `run`'s writes on a thread of their own: in order, all of them by `waitForAll` and
/// `finish`, and the first failure reported by every later call, none of them waiting forever.
struct BackgroundWriterTests {
    struct Refused: Error, Equatable { let piece: Int }

    /// Pieces 0, 1, 2, … of a few bytes each, the number in the first byte.
    static func piece(_ index: Int) -> ArraySlice<UInt8> { [UInt8(index % 256), 1, 2, 3][...] }

    @Test func everyPieceIsWrittenInOrder() throws {
        let written = Mutex<[UInt8]>([])
        let writer = BackgroundWriter { bytes in written.withLock { $0.append(bytes.first!) } }
        for index in 0..<1000 { try writer.append(Self.piece(index)) }
        try writer.waitForAll()
        #expect(written.withLock { $0.count } == 1000)
        for index in 1000..<1500 { try writer.append(Self.piece(index)) }
        try writer.finish()
        #expect(written.withLock { $0 } == (0..<1500).map { UInt8($0 % 256) })
    }

    @Test func theFirstFailureStopsTheWritingAndIsReportedByEveryLaterCall() {
        let written = Mutex<[UInt8]>([])
        let writer = BackgroundWriter { bytes in
            if bytes.first! == 3 { throw Refused(piece: 3) }
            written.withLock { $0.append(bytes.first!) }
        }
        var refusals = 0
        for index in 0..<200 {
            do { try writer.append(Self.piece(index)) } catch { refusals += 1 }
        }
        #expect(refusals > 0, "appends after the failure are refused, and none waits forever")
        #expect(throws: Refused(piece: 3)) { try writer.waitForAll() }
        #expect(throws: Refused(piece: 3)) { try writer.finish() }
        #expect(written.withLock { $0 } == [0, 1, 2])
    }
}
