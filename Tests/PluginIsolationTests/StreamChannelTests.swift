import Foundation
import Platform
import TestSupport
import Testing

@testable import PluginIsolation

/// The portable channel (issue 27): a `SOCK_STREAM` pair carrying length-prefixed messages, with
/// descriptors, over a real socket pair — written whole, a byte at a time, and back to back.
struct StreamChannelTests {
    /// A connected stream pair as two channels.
    static func pair() throws -> (Channel, Channel) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        #expect(socketpair(AF_UNIX, stream, 0, &ends) == 0)
        return (Channel(fileDescriptor: ends[0]), Channel(fileDescriptor: ends[1]))
    }

    /// The inode of an open descriptor (the same file, whatever its number on this side).
    static func inode(_ fd: Int32) -> UInt64 {
        var status = stat()
        return fstat(fd, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    @Test func messagesSentBackToBackArriveWholeEachWithItsOwnDescriptor() throws {
        let (a, b) = try Self.pair()
        #expect(a.isStream && b.isStream)
        #expect(try b.receiveIfReady() == nil, "nothing waiting")
        let folder = try TemporaryFolder()
        let file = try folder.write("shared", "x")
        let fd = open(file, O_RDONLY)
        defer { close(fd) }
        let messages: [[UInt8]] = [[1, 2, 3], [], Array(repeating: 7, count: maximumMessageSize), [9]]
        for (index, message) in messages.enumerated() { try a.send(message, descriptor: index == 2 ? fd : -1) }
        for (index, message) in messages.enumerated() {
            let received = try b.receive()
            #expect(received.bytes == message)
            if index == 2 {
                #expect(received.descriptor >= 0 && Self.inode(received.descriptor) == Self.inode(fd))
                close(received.descriptor)
            } else {
                #expect(received.descriptor == -1, "message \(index) took another message's descriptor")
            }
        }
    }

    @Test func aMessageWrittenOneByteAtATimeIsAssembled() throws {
        let (a, b) = try Self.pair()
        let body: [UInt8] = Array("hello, plugin".utf8)
        let frame = withUnsafeBytes(of: UInt32(body.count).littleEndian) { Array($0) } + body
        let sending = a.fileDescriptor
        let writer = Thread {
            for byte in frame {
                var byte = byte
                _ = write(sending, &byte, 1)
                usleep(200)
            }
        }
        writer.start()
        #expect(try b.receive().bytes == body)
        withExtendedLifetime(a) {}
    }

    @Test func aLengthPastTheLimitAndAnEndOfFileAreErrors() throws {
        let (a, b) = try Self.pair()
        var length = UInt32(maximumMessageSize + 1).littleEndian
        _ = write(a.fileDescriptor, &length, 4)
        #expect(throws: ChannelError.protocolViolation("a message of \(maximumMessageSize + 1) bytes")) {
            try b.receive()
        }
        let (c, d) = try Self.pair()
        var partial: [UInt8] = [10, 0, 0, 0, 1, 2]  // a 10-byte message cut short
        _ = write(c.fileDescriptor, &partial, partial.count)
        shutdown(c.fileDescriptor, Int32(SHUT_WR))
        #expect(throws: ChannelError.closed) { try d.receive() }
        #expect(throws: ChannelError.protocolViolation("a message of \(maximumMessageSize + 1) bytes")) {
            try a.send(Array(repeating: 0, count: maximumMessageSize + 1))
        }
    }
}
