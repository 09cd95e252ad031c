import Foundation

/// A `workbench serve` process driven over its real stdin and stdout, as an editor would.
public final class ServerClient: @unchecked Sendable {  // Unchecked: `pending` and `scanned` are guarded by `reading`.
    public enum Framing: Sendable { case lines, headers }

    public let framing: Framing
    private let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    public let inbox = ReceivedMessages()
    private let reading = NSLock()
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

    /// Sends one message (an object or an array), framed; `ProtocolSession` adds `request` and `notify`.
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

    /// The server's process id, for reading its resources in /proc.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Closes stdin and waits for the process; returns its exit status.
    public func finish(closingInput: Bool = true) -> Int32 {
        if closingInput { try? input.fileHandleForWriting.close() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func receive(_ data: Data) {
        reading.lock()
        defer { reading.unlock() }
        pending.append(data)
        var messages: [Any] = []
        while let body = nextBody() {
            messages.append(
                (try? JSONSerialization.jsonObject(with: body)) ?? [
                    "unparseable": String(decoding: body, as: UTF8.self)
                ])
        }
        inbox.append(messages)
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
