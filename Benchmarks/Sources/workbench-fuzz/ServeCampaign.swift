import Foundation
import JSON

/// Sessions of generated traffic against a real `workbench serve`, each checked against the
/// protocol: every request answered exactly once with its id as sent, one view's replies in
/// order, no `null` numbers, every workspace, plugin and layout error located.
struct ServeCampaign {
    let workbench: String
    let findings: Findings
    var random: FuzzRandom
    var workspaces: WorkspaceGenerator
    /// Seconds a burst of requests may take to be answered.
    var timeout = 30.0

    /// One session of about `count` messages, in bursts, ended by `shutdown` and `exit` (or by
    /// closing the input).
    mutating func session(messages count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workbench-fuzz-serve-\(getpid())-\(findings.sessions)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        findings.sessions += 1
        let session = try ServeSession(workbench: workbench, framing: random.chance(0.3) ? .headers : .lines)
        var generator = MessageGenerator(random: FuzzRandom(seed: random.next()))
        var messages: [MessageGenerator.Message] = []
        if random.chance(0.5) { messages.append(generator.request("initialize", random.pick([nil, "null", "{}"]))) }
        for index in 0..<random.int(1...2) {
            workspaces.dataFolder = "data\(index)"
            workspaces.namesWorkspaces = false
            let workspace = workspaces.workspace()
            for (path, bytes) in workspace.files {
                let full = (folder as NSString).appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
            }
            messages.append(generator.open(Array("workspace: f\(index)\n".utf8) + workspace.text, directory: folder))
            findings.workspaces += 1
            generator.views += (0..<workspaces.viewCount).map { "f\(index)/v\($0)" }
        }
        while messages.count < count { messages.append(generator.next()) }
        var expected = 0
        var start = 0
        while start < messages.count {
            let burst = messages[start..<min(messages.count, start + random.int(1...24))]
            for message in burst { session.send(message.body) }
            expected += burst.reduce(0) { $0 + Self.replyCount($1.expectation) }
            start = burst.endIndex
            if session.replies(atLeast: expected, timeout: timeout).count < expected {
                return findings.record(
                    .hang, "no answer within \(Int(timeout)) s (\(expected) replies expected)",
                    input: ["session.bin": session.sent])
            }
        }
        findings.messages += messages.count
        let closing = random.chance(0.2)
        if !closing {
            let shutdown = generator.request("shutdown", random.pick([nil, "null"]))
            messages.append(shutdown)
            session.send(shutdown.body)
            expected += 1
            session.send(Array("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}".utf8))
            findings.messages += 2
        }
        let ending = session.finish(closingInput: closing, timeout: timeout)
        let replies = session.replies(atLeast: expected, timeout: 1)
        switch ending {
        case .signalled(let signal):
            findings.record(.crash, "workbench serve died of signal \(signal)", input: ["session.bin": session.sent])
        case .timedOut: findings.record(.hang, "workbench serve did not exit", input: ["session.bin": session.sent])
        case .exited(let status) where status != 0:
            findings.record(
                .protocolViolation, "workbench serve exited with \(status) after shutdown and exit",
                input: ["session.bin": session.sent])
        case .exited: break
        }
        var checker = ReplyChecker(findings: findings, input: ["session.bin": session.sent])
        checker.check(replies, against: messages)
    }

    static func replyCount(_ expectation: MessageGenerator.Expectation) -> Int {
        switch expectation {
        case .none: return 0
        case .reply, .nullReply: return 1
        case .batch(let ids, let nulls): return ids.isEmpty && nulls == 0 ? 0 : 1
        }
    }
}
