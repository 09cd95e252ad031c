import Foundation
import TestSupport
import Testing

/// Connections of a running `workbench preview`: pages side by side, a page that goes away
/// mid-prepare, bad frames, and a clean end on SIGTERM.
@Suite(.serialized) struct PreviewConnectionTests {
    static func send(_ socket: RawWebSocket, _ id: Int, _ method: String, _ params: [String: Any]) throws {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        socket.sendText(String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self))
    }

    static func request(_ socket: RawWebSocket, _ id: Int, _ method: String, _ params: [String: Any]) throws -> [String:
        Any]
    {
        try send(socket, id, method, params)
        while true {
            let message = try #require(try socket.receiveJSON() as? [String: Any])
            if message["id"] as? Int == id { return message }
        }
    }

    static let guide = "\(BuildProducts.repositoryRoot)/Workspaces/tv-guide.yaml"
    static var rect: [String: Any] { ["x": 0, "y": 0, "width": 300, "height": 200] }

    @Test func twoPagesWorkAtOnceEachWithItsOwnViews() throws {
        let preview = try PreviewProcess()
        defer { _ = preview.stop() }
        let first = try preview.connect(), second = try preview.connect()
        #expect(try Self.request(first, 1, "open", ["path": Self.guide])["result"] != nil)
        // The second page has opened nothing: the first page's views are not its own.
        let missing = try Self.request(second, 1, "query", ["view": "tv-guide/listings", "rect": Self.rect])
        #expect((missing["error"] as? [String: Any])?["code"] as? Int == -32003)
        #expect(try Self.request(second, 2, "open", ["path": Self.guide])["result"] != nil)
        _ = try Self.request(
            second, 3, "invalidate",
            ["view": "tv-guide/listings", "bounds": ["x": 240, "y": 0, "width": 300, "height": 200]])
        let left = try Self.request(
            first, 2, "query", ["view": "tv-guide/listings", "element": ["category": "cell", "section": 1, "item": 0]])
        let right = try Self.request(
            second, 4, "query",
            ["view": "tv-guide/listings", "element": ["category": "cell", "section": 1, "item": 0]])
        // The pinned header column follows each page's own bounds.
        let x = { (reply: [String: Any]) in
            (((reply["result"] as? [String: Any])?["element"] as? [String: Any])?["frame"] as? [String: Any])?["x"]
                as? Double
        }
        #expect(x(left) == 0)
        #expect(x(right) == 240)
        // Closing one page leaves the other working.
        try Self.send(first, 3, "close", ["workspace": "tv-guide"])
        _ = try first.receiveJSON()
        #expect(
            (try Self.request(second, 5, "query", ["view": "tv-guide/listings", "rect": Self.rect])["result"]
                as? [String: Any]) != nil)
    }

    @Test func aClosedPageReleasesItsWatchers() throws {
        let preview = try PreviewProcess()
        defer { _ = preview.stop() }
        let pid = preview.process.processIdentifier
        let before = ProcessTree.fileWatchers(of: pid)
        do {
            let page = try preview.connect()
            #expect(try Self.request(page, 1, "open", ["path": Self.guide, "watch": true])["result"] != nil)
            // One watcher for the plugin folders, one for the workspace's files.
            #expect(ProcessTree.fileWatchers(of: pid) == before + 2)
        }
        var after = -1
        for _ in 0..<250 where after != before {
            usleep(20_000)
            after = ProcessTree.fileWatchers(of: pid)
        }
        #expect(after == before, "the closed page's watchers are still running")
    }

    @Test func aPageClosedMidPrepareStopsItsWork() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(
            "huge.yaml",
            "sources:\n  huge: {generate: {items: 1900000}}\nviews:\n  huge: {layout: circles, source: huge}\n")
        let preview = try PreviewProcess([folder.path])
        defer { _ = preview.stop() }
        var busy = 0.0
        do {
            let page = try preview.connect()
            #expect(try Self.request(page, 1, "open", ["path": "\(folder.path)/huge.yaml"])["result"] != nil)
            try Self.send(page, 2, "prepare", ["view": "huge/huge"])
            busy = ProcessTree.cpuSeconds(of: preview.process.processIdentifier, over: 1.5)
            #expect(busy > 0.15, "the prepare was running (\(busy) s of CPU in 1.5 s)")
        }  // The page closes here.
        usleep(500_000)
        // CPU time, not wall time: a loaded machine slows both windows alike.
        let idle = ProcessTree.cpuSeconds(of: preview.process.processIdentifier, over: 1.5)
        #expect(
            idle < min(0.1, busy / 3),
            "the closed page's prepare kept running (\(idle) s of CPU in 1.5 s, \(busy) s before)")
        // The server still serves a new page.
        let page = try preview.connect()
        #expect(try Self.request(page, 1, "open", ["path": "\(folder.path)/huge.yaml"])["result"] != nil)
    }

    @Test func badMessagesGetErrorsAndOversizedOnesCloseTheSocket() throws {
        let preview = try PreviewProcess(["Workspaces", "--maximum-message-size", "4096"])
        defer { _ = preview.stop() }
        let socket = try preview.connect()
        socket.sendText("{not json")
        #expect(((try socket.receiveJSON() as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int == -32700)
        socket.send(opcode: 0x2, Array(#"{"jsonrpc":"2.0","id":1,"method":"plugins"}"#.utf8))
        #expect(((try socket.receiveJSON() as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int == -32700)
        // A message in two fragments is one message.
        let whole = Array(#"{"jsonrpc":"2.0","id":2,"method":"plugins"}"#.utf8)
        socket.send(opcode: 0x1, Array(whole[..<10]), fin: false)
        socket.send(opcode: 0x0, Array(whole[10...]))
        #expect((try socket.receiveJSON() as? [String: Any])?["result"] != nil)
        // Over the limit: closed with 1009 (message too big), nothing answered.
        socket.sendText(
            #"{"jsonrpc":"2.0","id":3,"method":"plugins","params":{"pad":""# + String(repeating: "x", count: 5000)
                + "\"}}")
        let close = try #require(try socket.receive())
        #expect(close.opcode == 0x8)
        #expect(close.payload.prefix(2) == [0x03, 0xF1])
    }

    @Test func sigtermEndsItCleanlyWithNoPluginChildrenLeft() throws {
        let preview = try PreviewProcess()
        let page = try preview.connect()
        #expect(try Self.request(page, 1, "open", ["path": Self.guide])["result"] != nil)
        #expect(try Self.request(page, 2, "query", ["view": "tv-guide/listings", "rect": Self.rect])["result"] != nil)
        let children = ProcessTree.children(of: preview.process.processIdentifier)
        #expect(!children.isEmpty, "plugins run in child processes")
        let (status, log) = preview.stop()
        #expect(status == 0)
        #expect(log.contains("stopping"))
        var alive = children
        for _ in 0..<100 where !alive.isEmpty {
            alive = alive.filter { FileManager.default.fileExists(atPath: "/proc/\($0)") && !ProcessTree.isZombie($0) }
            usleep(20_000)
        }
        #expect(alive.isEmpty, "plugin children left running: \(alive)")
    }
}

/// A process and its children, as /proc tells.
enum ProcessTree {
    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
    }

    /// User and system time of the process and its children's, in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double {
        ([pid] + children(of: pid)).reduce(0) { total, pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return total }
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            // After the name: state is field 0; utime and stime are fields 11 and 12.
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
                return total
            }
            return total + (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }

    /// The CPU time the process tree used in the next `seconds`.
    static func cpuSeconds(of pid: Int32, over seconds: Double) -> Double {
        let before = cpuSeconds(pid)
        usleep(UInt32(seconds * 1_000_000))
        return cpuSeconds(pid) - before
    }

    /// How many file watchers the process runs: threads named `FileWatcher.threadName`, one
    /// per watcher, whichever the backend (inotify, or the portable path's).
    static func fileWatchers(of pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.count {
            (try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines) == "wb.file-watcher"
        }
    }

    static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
