import Foundation

/// A real `workbench serve` child, fed framed messages on stdin; its framed replies are
/// collected as they arrive.
final class ServeSession: @unchecked Sendable {
    // Unchecked: `replies` and `pending` are touched under `condition` only (timed waits); `sent` by the sending thread
    // only.
    let usesHeaders: Bool
    private let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let condition = NSCondition()
    private var replies: [[UInt8]] = []
    private var pending: [UInt8] = []
    /// Every byte sent, for saving a failing session.
    private(set) var sent: [UInt8] = []

    init(workbench: String, usesHeaders: Bool) throws {
        self.usesHeaders = usesHeaders
        process.executableURL = URL(fileURLWithPath: workbench)
        process.arguments = ["serve"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.receive(Array(handle.availableData))
        }
        errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
    }

    func send(_ body: [UInt8]) {
        let framed = usesHeaders ? Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body : body + [0x0A]
        sent += framed
        try? input.fileHandleForWriting.write(contentsOf: framed)
    }

    /// Waits until at least `count` replies have arrived or `timeout` passes; returns all so far.
    func replies(atLeast count: Int, timeout: Double) -> [[UInt8]] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while replies.count < count, condition.wait(until: deadline) {}
        return replies
    }

    /// Closes stdin and waits for the exit; nil if it is still running after `timeout`.
    func finish(closingInput: Bool, timeout: Double) -> ChildProcess.Ending {
        if closingInput { try? input.fileHandleForWriting.close() }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .timedOut
        }
        return process.terminationReason == .uncaughtSignal
            ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    private func receive(_ data: [UInt8]) {
        condition.lock()
        defer { condition.unlock() }
        pending += data
        while let body = nextBody() { replies.append(body) }
        condition.broadcast()
    }

    /// One framed reply off `pending`, if complete.
    private func nextBody() -> [UInt8]? {
        if !usesHeaders {
            guard let newline = pending.firstIndex(of: 0x0A) else { return nil }
            let body = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            return body
        }
        let marker: [UInt8] = [13, 10, 13, 10]
        guard pending.count >= 4,
            let end = (0...(pending.count - 4)).first(where: { pending[$0..<($0 + 4)].elementsEqual(marker) })
        else { return nil }
        let header = String(decoding: pending[..<end], as: UTF8.self)
        guard let length = header.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            pending.count - (end + 4) >= length
        else { return nil }
        let body = Array(pending[(end + 4)..<(end + 4 + length)])
        pending.removeSubrange(..<(end + 4 + length))
        return body
    }
}
