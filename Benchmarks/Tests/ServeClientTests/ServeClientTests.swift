import Foundation
import ServeClient
import Testing

/// The client over a real child: `cat` sends every message straight back, framed as it came.
struct ServeClientTests {
    @Test(arguments: [Framing.lines, .headers])
    func aRoundTripReadsTheWholeReplyAndTimesIt(framing: Framing) throws {
        let client = try ServeClient(executable: "/bin/cat", arguments: [], framing: framing)
        // Larger than one read, smaller than a pipe's buffer (`cat` echoes while it reads).
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 60_000)
        for body in [Array("{}".utf8), large, Array("[1]".utf8)] {
            let (reply, seconds) = try client.roundTrip(body)
            #expect(reply == body)
            #expect(seconds > 0)
        }
        #expect(client.finish(timeout: 10) == .exited(0))
        #expect(client.send(Array("{}".utf8)) == false)
    }

    @Test func aReadingThreadHandsOnEveryMessageThenTheEnd() throws {
        let client = try ServeClient(executable: "/bin/cat", arguments: [], framing: .headers)
        let received = Received()
        let ended = DispatchSemaphore(value: 0)
        client.startReading({ received.append($0) }, ended: { ended.signal() })
        for index in 0..<200 { client.send(Array("{\"id\":\(index)}".utf8)) }
        client.sendRaw(Array("Content-Length: 5\r\n\r\n{}".utf8))
        #expect(client.finish(timeout: 10) == .exited(0))
        let events = received.events
        #expect(events.count == 201)
        #expect(events.first == .message(Array("{\"id\":0}".utf8)))
        #expect(events.last == .malformed("the output ended 3 bytes short of a 5-byte message"))
        #expect(ended.wait(timeout: .now() + 10) == .success, "the end of the output was not told")
    }

    @Test func aServerThatIsNotAnExecutableFileIsRefusedBeforeAnythingStarts() {
        for addressSpaceLimit in [nil, 1 << 30] {
            #expect(throws: ServeClientError.notExecutable("/no/such/workbench")) {
                try ServeClient(executable: "/no/such/workbench", addressSpaceLimit: addressSpaceLimit)
            }
        }
    }

    @Test func aChildStillRunningAtTheDeadlineIsKilledAsAHang() throws {
        let client = try ServeClient(executable: "/bin/sleep", arguments: ["30"])
        #expect(client.finish(timeout: 0.2) == .timedOut)
    }

    @Test func aChildKilledByASignalEndsSignalled() throws {
        let client = try ServeClient(executable: "/bin/sh", arguments: ["-c", "kill -SEGV $$"])
        #expect(client.finish(timeout: 10) == .signalled(SIGSEGV))
    }
}

/// What the reading thread handed on.
private final class Received: @unchecked Sendable {
    // Unchecked: `stored` is touched under `lock` only.
    private let lock = NSLock()
    private var stored: [ReplyFramer.Event] = []

    var events: [ReplyFramer.Event] { lock.withLock { stored } }

    func append(_ event: ReplyFramer.Event) { lock.withLock { stored.append(event) } }
}
