import Foundation

/// A `workbench serve` process driven over its real stdin and stdout, as an editor would.
public final class ServerClient: @unchecked Sendable {  // Unchecked: `received` is guarded by `condition`.
    public enum Framing: Sendable { case lines, headers }

    public let framing: Framing
    private let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private let condition = NSCondition()
    private var received: [Any] = []
    private var pending = Data()
    /// Where the search for the end of the current message resumes in `pending`.
    private var scanned = 0

    /// Starts `workbench <subcommand> <arguments…>` (`serve`, or `mcp`: newline-framed too).
    public init(framing: Framing = .lines, arguments: [String] = [], subcommand: String = "serve") throws {
        self.framing = framing
        process.executableURL = URL(fileURLWithPath: BuildProducts.executable("workbench"))
        process.arguments = [subcommand] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: BuildProducts.repositoryRoot)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.receive(handle.availableData)
        }
        errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Sends one message (an object or an array), framed.
    public func send(_ message: Any) {
        sendRaw(try! JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]))
    }

    /// Sends bytes as one message, framed.
    public func sendRaw(_ body: Data) {
        switch framing {
        case .lines: write(body + Data("\n".utf8))
        case .headers: write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }
    }

    /// Sends bytes exactly as given.
    public func write(_ bytes: Data) {
        input.fileHandleForWriting.write(bytes)
    }

    /// Sends a request and waits for its response.
    public func request(_ method: String, _ params: [String: Any]? = nil, id: Int) -> [String: Any]? {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        send(message)
        return response(id: id)
    }

    /// Sends a notification (no id, no answer).
    public func notify(_ method: String, _ params: [String: Any]? = nil) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        send(message)
    }

    /// Waits for the response with `id`.
    public func response(id: Int, timeout: TimeInterval = 60) -> [String: Any]? {
        waitFor(timeout: timeout) { $0.compactMap { $0 as? [String: Any] }.first { ($0["id"] as? Int) == id } }
    }

    /// Waits for a notification of `method` whose params satisfy `matching`; returns its params.
    public func notification(
        _ method: String, timeout: TimeInterval = 60, where matching: ([String: Any]) -> Bool = { _ in true }
    ) -> [String: Any]? {
        waitFor(timeout: timeout) { messages in
            messages.lazy.compactMap { $0 as? [String: Any] }
                .filter { $0["method"] as? String == method }
                .compactMap { $0["params"] as? [String: Any] }
                .first(where: matching)
        }
    }

    /// Waits for the `index`-th message received (0-based), whatever it is.
    public func message(at index: Int, timeout: TimeInterval = 60) -> Any? {
        waitFor(timeout: timeout) { $0.count > index ? $0[index] : nil }
    }

    /// Everything received so far.
    public var messages: [Any] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The server's process id, for reading its resources in /proc.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The ids of the responses received so far, in order.
    public var responseOrder: [Int] { messages.compactMap { ($0 as? [String: Any])?["id"] as? Int } }

    /// Closes stdin and waits for the process; returns its exit status.
    public func finish(closingInput: Bool = true) -> Int32 {
        if closingInput { try? input.fileHandleForWriting.close() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func waitFor<T>(timeout: TimeInterval, _ find: ([Any]) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = find(received) { return found }
            guard condition.wait(until: deadline) else { return find(received) }
        }
    }

    private func receive(_ data: Data) {
        condition.lock()
        defer { condition.unlock() }
        pending.append(data)
        while let body = nextBody() {
            if let message = try? JSONSerialization.jsonObject(with: body) {
                received.append(message)
            } else {
                received.append(["unparseable": String(decoding: body, as: UTF8.self)])
            }
        }
        condition.broadcast()
    }

    /// Takes one framed body off `pending`, if complete; scans each byte once.
    private func nextBody() -> Data? {
        let bytes = [UInt8](pending)
        switch framing {
        case .lines:
            guard let newline = bytes[scanned...].firstIndex(of: 10) else {
                scanned = bytes.count
                return nil
            }
            return take(bodyFrom: 0, to: newline, next: newline + 1)
        case .headers:
            let marker: [UInt8] = [13, 10, 13, 10]
            guard bytes.count >= 4,
                let end = (max(0, scanned - 3)...(bytes.count - 4)).first(where: {
                    bytes[$0..<($0 + 4)].elementsEqual(marker)
                })
            else {
                scanned = bytes.count
                return nil
            }
            let header = String(decoding: bytes[..<end], as: UTF8.self)
            let length =
                header.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    return parts.count == 2 && parts[0].lowercased() == "content-length"
                        ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
                }.first ?? 0
            guard bytes.count - (end + 4) >= length else { return nil }
            return take(bodyFrom: end + 4, to: end + 4 + length, next: end + 4 + length)
        }
    }

    private func take(bodyFrom start: Int, to end: Int, next: Int) -> Data {
        let body = pending.subdata(in: start..<end)
        pending = pending.subdata(in: next..<pending.count)
        scanned = 0
        return body
    }
}
