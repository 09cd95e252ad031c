import Foundation
import Synchronization

/// A `workbench serve` child driven over its real standard input and output, as an editor
/// drives it: messages written framed, replies and notifications framed as they come back.
///
/// The output is read in one of two ways, chosen by the caller: on the caller's thread, one
/// message at a time (`receive`, `roundTrip`: nothing stands between a reply and the clock), or
/// on a reading thread of its own (`startReading`: for pipelined traffic, so that neither
/// side's pipe fills while the other waits). Standard error is discarded. Any command that
/// speaks a framing on its standard streams can be driven the same way (`/bin/cat`, as the
/// bare pipe a round trip is compared with).
public final class ServeClient {
    public let framing: Framing
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let exit = ExitSignal()
    private var isInputClosed = false
    /// Whether the output is read by the reading thread (`startReading`).
    private var isReadByThread = false
    /// Signalled when the reading thread reached the end of the output; nil once seen.
    private var readerDone: DispatchSemaphore?
    /// The caller's reading: the framer, and the events of the last read not yet taken.
    private var framer: ReplyFramer
    private var events: [ReplyFramer.Event] = []
    private var nextEvent = 0
    private var hasOutputEnded = false
    /// Allocated at the first read on the caller's thread. (Not `lazy`: a lazy property is
    /// modified through a copy, which would copy the whole buffer at every read.)
    private var readBuffer: [UInt8] = []

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Starts `executable arguments…`.
    ///
    /// - Parameters:
    ///   - environment: variables set over this process's own.
    ///   - directory: the child's working directory (default: this process's).
    ///   - addressSpaceLimit: bytes of address space the child may use (`ulimit -v`).
    ///   - maximumMessageSize: the largest message the output may carry.
    /// - Throws: `ServeClientError.notExecutable` when `executable` is not an executable file
    ///   (checked first: through the shell of `addressSpaceLimit`, a failed start would look
    ///   like a server that never answers), or `Process`'s error when it cannot be started.
    public init(
        executable: String, arguments: [String] = ["serve"], framing: Framing = .lines,
        environment: [String: String] = [:], directory: String? = nil, addressSpaceLimit: Int? = nil,
        maximumMessageSize: Int = 1 << 30
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ServeClientError.notExecutable(executable)
        }
        self.framing = framing
        framer = ReplyFramer(framing: framing, maximumMessageSize: maximumMessageSize)
        if let addressSpaceLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -v \(addressSpaceLimit >> 10) && exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exit = self.exit
        process.terminationHandler = { _ in exit.signal() }
        // A write to a server that has gone must fail, not end this process.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    deinit { kill() }

    /// Sends one message, framed.
    ///
    /// - Returns: whether all of it was written (false: the server's input is closed).
    @discardableResult
    public func send(_ body: [UInt8]) -> Bool {
        sendRaw(framing.frame(body))
    }

    /// Sends bytes exactly as given (malformed input, or a message framed by the caller).
    ///
    /// - Returns: as `send`.
    @discardableResult
    public func sendRaw(_ bytes: [UInt8]) -> Bool {
        guard !isInputClosed else { return false }
        let descriptor = input.fileHandleForWriting.fileDescriptor
        return bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// The next message the server wrote (a reply or a notification), read on this thread.
    ///
    /// - Throws: `ServeClientError.outputEnded` or `.malformedOutput`.
    public func receive() throws -> [UInt8] {
        precondition(!isReadByThread, "the output is being read by the reading thread")
        while nextEvent == events.count {
            guard !hasOutputEnded else { throw ServeClientError.outputEnded }
            let count = readOutput()
            nextEvent = 0
            if count > 0 {
                events = framer.feed(readBuffer[..<count])
            } else {
                events = framer.finish()
                hasOutputEnded = true
            }
        }
        defer { nextEvent += 1 }
        switch events[nextEvent] {
        case .message(let body): return body
        case .malformed(let reason): throw ServeClientError.malformedOutput(reason)
        }
    }

    /// Sends `body` and reads the next message on this thread: the reply, in a session that
    /// causes no notifications.
    ///
    /// - Returns: the reply, and the seconds from the write to its last byte read.
    /// - Throws: as `receive`, or `.inputClosed`.
    public func roundTrip(_ body: [UInt8]) throws -> (reply: [UInt8], seconds: Double) {
        let framed = framing.frame(body)
        let start = DispatchTime.now().uptimeNanoseconds
        guard sendRaw(framed) else { throw ServeClientError.inputClosed }
        let reply = try receive()
        return (reply, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// Reads the output on a thread of its own from now on, until it ends, handing each
    /// message (or fault) to `handle` on that thread, then calling `ended` there.
    public func startReading(
        _ handle: @escaping @Sendable (ReplyFramer.Event) -> Void, ended: @escaping @Sendable () -> Void = {}
    ) {
        precondition(!isReadByThread && nextEvent == events.count, "the output is already being read")
        let done = DispatchSemaphore(value: 0)
        isReadByThread = true
        readerDone = done
        // A descriptor of the thread's own, closed by it at the end: this client may go first.
        let descriptor = fcntl(output.fileHandleForReading.fileDescriptor, F_DUPFD_CLOEXEC, 0)
        let framing = framing, maximumMessageSize = framer.maximumMessageSize
        Thread {
            var framer = ReplyFramer(framing: framing, maximumMessageSize: maximumMessageSize)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { readRetrying(descriptor, into: $0) }
                for event in count > 0 ? framer.feed(buffer[..<count]) : framer.finish() { handle(event) }
                if count <= 0 { break }
            }
            close(descriptor)
            ended()
            done.signal()
        }.start()
    }

    /// Closes the server's input (unless `closingInput` is false: it was told to exit) and
    /// waits for it to exit — for at most `timeout` seconds when given, then it is killed —
    /// and for the reading thread to reach the end of the output.
    public func finish(closingInput: Bool = true, timeout: Double? = nil) -> ProcessEnding {
        if closingInput { closeInput() }
        var ending: ProcessEnding
        if exit.wait(seconds: timeout) {
            closeInput()
            ending =
                process.terminationReason == .uncaughtSignal
                ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        } else {
            kill()
            ending = .timedOut
        }
        if readerDone?.wait(timeout: .now() + 30) == .success { readerDone = nil }
        return ending
    }

    /// Kills a server that has not exited (SIGKILL) and waits a while for its exit to be seen.
    ///
    /// `Process` sees an exit only once every process holding the descriptor it watches has
    /// ended, the child's own children included: the input is closed first, so that a child
    /// still reading it ends too, and the wait is bounded, so that one that lingers costs ten
    /// seconds, not the caller.
    public func kill() {
        closeInput()
        // (A reaped child's id may be reused: it is signalled only while running.)
        guard !exit.hasFired && process.isRunning else { return }
        sendKill(to: process.processIdentifier)
        _ = exit.wait(seconds: 10)
    }

    private func closeInput() {
        guard !isInputClosed else { return }
        isInputClosed = true
        try? input.fileHandleForWriting.close()
    }

    /// Reads what the output has into `readBuffer`: the count, 0 at its end, -1 on an error.
    private func readOutput() -> Int {
        if readBuffer.isEmpty { readBuffer = [UInt8](repeating: 0, count: 1 << 20) }
        let descriptor = output.fileHandleForReading.fileDescriptor
        return readBuffer.withUnsafeMutableBytes { readRetrying(descriptor, into: $0) }
    }
}

/// Reads what `descriptor` has into `buffer`, retrying when interrupted: the count, 0 at the
/// end of input, -1 on an error.
private func readRetrying(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
        let count = read(descriptor, buffer.baseAddress, buffer.count)
        if count < 0 && errno == EINTR { continue }
        return count
    }
}

private func sendKill(to process: Int32) {
    _ = kill(process, SIGKILL)
}

/// The child's exit, seen once by `Process`'s termination handler, and waited for.
private final class ExitSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let fired = Mutex(false)

    var hasFired: Bool { fired.withLock { $0 } }

    func signal() {
        fired.withLock { $0 = true }
        semaphore.signal()
    }

    /// Waits for the exit, at most `seconds` when given; whether it came.
    func wait(seconds: Double?) -> Bool {
        if hasFired { return true }
        guard let seconds else {
            semaphore.wait()
            return true
        }
        return semaphore.wait(timeout: .now() + seconds) == .success
    }
}
