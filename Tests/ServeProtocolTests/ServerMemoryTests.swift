import Foundation
import TestSupport
import Testing

/// Memory bounded by what is open: a session's big caches go back to the system when their
/// workspace closes (the ten-minute version is `workbench-soak`).
struct ServerMemoryTests {
    static let workspace = """
        sources:
          items: {generate: {items: 200000, seed: 2}}
          tree: {generate: {nodes: 200000, fanout: 3, seed: 3}}
        views:
          circles: {layout: circles, source: items}
          tree: {layout: tree, source: tree}
        """

    /// Resident memory of `pid` in bytes, from /proc.
    static func residentBytes(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) << 10
    }

    @Test func closingAWorkspaceGivesItsMemoryBack() throws {
        let client = try ServerClient()
        #expect(client.request("initialize", id: 1)?["result"] != nil)
        let pid = client.processIdentifier
        let start = Self.residentBytes(pid)
        #expect(client.request("open", ["text": Self.workspace], id: 2)?["result"] != nil)
        let circles = client.request("prepare", ["view": "workspace/circles"], id: 3)
        #expect((circles?["result"] as? [String: Any])?["elements"] as? Int == 200_000)
        let tree = client.request("prepare", ["view": "workspace/tree"], id: 4)
        #expect(((tree?["result"] as? [String: Any])?["elements"] as? Int ?? 0) > 200_000)
        let open = Self.residentBytes(pid)
        #expect(
            open > start + (20 << 20),
            "the open caches should be large: \(open >> 20) MiB vs \(start >> 20) MiB at start")
        #expect(client.request("close", ["workspace": "workspace"], id: 5)?["result"] is NSNull)
        // Memory goes back a moment after the close; wait for it (up to ten seconds).
        var rest = Self.residentBytes(pid)
        for _ in 0..<100 where rest > start + (10 << 20) {
            Thread.sleep(forTimeInterval: 0.1)
            rest = Self.residentBytes(pid)
        }
        #expect(
            rest <= start + (10 << 20),
            "\(rest >> 20) MiB at rest after \(open >> 20) MiB open, \(start >> 20) MiB at start")
        #expect(client.finish() == 0)
    }

    /// Replies over 64 KiB are written in place with their framing around them.
    @Test(arguments: [ServerClient.Framing.lines, .headers])
    func aLargeReplyArrivesWholeInEitherFraming(framing: ServerClient.Framing) throws {
        let client = try ServerClient(framing: framing)
        let text = "sources:\n  items: {generate: {items: 3000}}\nviews:\n  v: {layout: circles, source: items}\n"
        #expect(client.request("open", ["text": text], id: 1)?["result"] != nil)
        let all = ["x": -1e6, "y": -1e6, "width": 1e9, "height": 1e9]
        for id in 2...3 {
            let reply = client.request("query", ["view": "workspace/v", "rect": all], id: id)
            #expect(((reply?["result"] as? [String: Any])?["elements"] as? [Any])?.count == 3000)
        }
        #expect(client.request("plugins", id: 4)?["result"] is [Any])
        #expect(client.finish() == 0)
    }
}
