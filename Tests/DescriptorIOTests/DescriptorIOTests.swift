import DescriptorIO
import Foundation
import Testing

/// Whole writes and retried reads over real pipes.
struct DescriptorIOTests {
    /// A pipe's two ends, closed when the test is done.
    final class Pipe: Sendable {
        let read: Int32, write: Int32
        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
        }
    }

    @Test func aWriteLargerThanThePipeArrivesWholeAndInOrder() throws {
        let pipe = Pipe()
        let sent = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }  // 16 pipe buffers
        let writer = Thread {
            #expect(RetryingIO.writeAll(pipe.write, sent))
            close(pipe.write)
        }
        writer.start()
        var received: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = RetryingIO.read(pipe.read, into: &buffer)
            #expect(count >= 0)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        close(pipe.read)
        #expect(received.count == sent.count)
        #expect(received == sent)
    }

    @Test func gatheredPartsArriveWholeAndInOrderThroughShortWrites() throws {
        let pipe = Pipe()
        // Empty parts, small ones and ones of many pipe buffers: writev returns short.
        let parts: [[UInt8]] = [
            [], Array("head".utf8), (0..<(300 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) }, [],
            [UInt8(ascii: "}")], (0..<(700 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 13) }, Array("\n".utf8),
        ]
        let writer = Thread {
            #expect(RetryingIO.writeAll(pipe.write, parts: parts))
            close(pipe.write)
        }
        writer.start()
        var received: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 1000)
        while true {
            let count = RetryingIO.read(pipe.read, into: &buffer)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        close(pipe.read)
        #expect(received == Array(parts.joined()))
    }

    @Test func writingToAPipeNobodyReadsFailsInsteadOfLooping() {
        signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        close(pipe.read)
        #expect(!RetryingIO.writeAll(pipe.write, [1, 2, 3]))
        #expect(errno == EPIPE)
        close(pipe.write)
    }

    @Test func readingAClosedDescriptorReportsTheError() {
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(RetryingIO.read(-1, into: &buffer) == -1)
        #expect(errno == EBADF)
        #expect(RetryingIO.writeAll(-1, []))  // nothing to write: nothing fails
    }
}
