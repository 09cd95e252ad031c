import DescriptorIO
import Foundation
import JSON
import JSONRPC

/// A real `workbench serve` child over pipes: requests are written from the caller's thread,
/// replies are framed and parsed on a reading thread of their own.
final class ServerProcess: Sendable {
    let mode: MessageFramer.Mode
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private let readerDone = DispatchSemaphore(value: 0)

    var pid: Int32 { process.processIdentifier }

    /// Starts `executable serve` in `directory`, under an address-space limit if given.
    ///
    /// - Parameters:
    ///   - receive: called on the reading thread with each reply, or nil for bytes that are
    ///     not a framed JSON message.
    init(
        executable: String, directory: String, addressSpaceLimit: Int?, mode: MessageFramer.Mode,
        receive: @escaping @Sendable (JSONValue?) -> Void
    ) throws {
        self.mode = mode
        var script = #"exec "$0" serve"#
        if let addressSpaceLimit { script = "ulimit -v \(addressSpaceLimit >> 10) && " + script }
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, executable]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let descriptor = output.fileHandleForReading.fileDescriptor
        let done = readerDone
        let thread = Thread {
            Self.read(descriptor, receive: receive)
            done.signal()
        }
        thread.start()
    }

    /// Reads and frames replies until the end of output.
    private static func read(_ descriptor: Int32, receive: (JSONValue?) -> Void) {
        var framer = MessageFramer(maximumMessageSize: 1 << 30)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = DescriptorIO.read(descriptor, into: &buffer)
            let events = count > 0 ? framer.feed(buffer[..<count]) : framer.finish()
            for event in events {
                switch event {
                case .message(let bytes): receive(try? JSONParser.parse(bytes[...]))
                case .malformed: receive(nil)
                }
            }
            if count <= 0 { return }
        }
    }

    /// Sends one message in the session's framing.
    func send(_ body: [UInt8]) {
        sendRaw(MessageFramer.frame(body, mode: mode))
    }

    /// Sends bytes exactly as given (for malformed input).
    func sendRaw(_ bytes: [UInt8]) {
        DescriptorIO.writeAll(input.fileHandleForWriting.fileDescriptor, bytes)
    }

    /// Closes the server's input and waits for it to exit and for its last reply to be read;
    /// returns its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        readerDone.wait()
        return process.terminationStatus
    }

    /// Stops a server that did not finish.
    func kill() {
        if process.isRunning { process.terminate() }
    }
}
