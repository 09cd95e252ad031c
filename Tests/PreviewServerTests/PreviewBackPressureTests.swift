import Foundation
import TestSupport
import Testing

/// Back-pressure on the preview's WebSocket: a client with the token that sends queries and
/// never reads the answers costs the server a bounded amount of memory, and is disconnected
/// once it has left them unread for the stall timeout.
@Suite(.serialized) struct PreviewBackPressureTests {
    /// The resident memory of process `pid`, in bytes, from /proc.
    static func residentBytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes << 10
    }

    @Test func aClientThatStopsReadingKeepsTheServersMemoryBoundedAndIsClosed() throws {
        let unsent = 4 << 20
        let preview = try PreviewProcess([
            "Workspaces", "--maximum-unsent-bytes", "\(unsent)", "--stalled-client-timeout", "3",
        ])
        defer { _ = preview.stop() }
        let pid = preview.process.processIdentifier
        let socket = try RawWebSocket(port: preview.port, timeout: 20, sendTimeout: 2)
        try socket.upgrade(port: preview.port, token: preview.token)
        let opened = try PreviewConnectionTests.request(
            socket, 1, "open", ["path": PreviewConnectionTests.guide])
        #expect(opened["result"] != nil)
        let warm = try PreviewConnectionTests.request(
            socket, 2, "query",
            ["view": "tv-guide/listings", "rect": ["x": 0, "y": 0, "width": 3000, "height": 800]])
        let answer = try JSONSerialization.data(withJSONObject: warm)
        #expect(answer.count > 10_000, "each unread answer is large: \(answer.count) bytes")
        let baseline = Self.residentBytes(of: pid)

        // Queries as fast as the server takes them, never reading an answer. Unbounded, the
        // answers would pile up at hundreds of MB a second; stop early if they do.
        let query =
            #"{"jsonrpc":"2.0","id":3,"method":"query","params":{"view":"tv-guide/listings","rect":{"x":0,"y":0,"width":3000,"height":800}}}"#
        let limit = 64 << 20
        var sent = 0, peak = baseline, isBlocked = false
        let start = Date()
        // However slowly a busy machine answers, the answers fill the buffers in the end: the
        // server then stops reading (sends block) and closes the connection 3 s later.
        while Date().timeIntervalSince(start) < 30, peak - baseline < limit {
            // The server stopped reading, or closed the connection: sends block or fail.
            guard socket.sendText(query) else {
                isBlocked = true
                break
            }
            sent += 1
            if sent % 100 == 0 { peak = max(peak, Self.residentBytes(of: pid)) }
        }
        // The answers to what was read go on being made: they must stay within the bound too.
        for _ in 0..<40 {
            peak = max(peak, Self.residentBytes(of: pid))
            usleep(100_000)
        }
        let unread = Double(sent) * Double(answer.count) / 1_048_576
        try #require(
            peak - baseline < limit,
            "grew by \(peak - baseline >> 20) MB for \(sent) unread answers (\(Int(unread)) MB)")
        #expect(isBlocked, "the server went on reading \(sent) queries (\(Int(unread)) MB of answers) for 30 s")
        #expect(unread > 3 * Double(limit >> 20), "the client sent far more than the bound")

        // Still stalled after 3 s: the server closes the connection and drops the rest.
        let drained = socket.drain()
        #expect(drained.closed)
        #expect(Double(drained.bytes) < unread * 1_048_576, "answers were dropped, not all sent")
        let log = preview.stop().log
        #expect(log.contains("closing a client that left its replies unread for 3.0 s (1008)"), "\(log)")
    }
}
