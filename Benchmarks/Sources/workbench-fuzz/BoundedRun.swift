import Foundation
import ServeClient
import Synchronization

/// A `workbench` command run to completion within a time bound: how it ended and what it
/// printed.
enum BoundedRun {
    struct Outcome {
        var ending: ProcessEnding
        var output: [UInt8]
        var errors: [UInt8]
    }

    static func run(_ executable: String, _ arguments: [String], timeout: Double) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let collected = Collected()
        let readers = DispatchGroup()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            DispatchQueue.global().async(group: readers) {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(Array(data), isOutput: isOutput)
            }
        }
        var ending: ProcessEnding
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
            ending = .timedOut
        } else {
            ending =
                process.terminationReason == .uncaughtSignal
                ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        }
        readers.wait()
        return Outcome(ending: ending, output: collected.output, errors: collected.errors)
    }
}

/// What the pipe readers read.
private final class Collected: Sendable {
    private let state = Mutex<(output: [UInt8], errors: [UInt8])>(([], []))

    var output: [UInt8] { state.withLock { $0.output } }
    var errors: [UInt8] { state.withLock { $0.errors } }

    func store(_ bytes: [UInt8], isOutput: Bool) {
        state.withLock { if isOutput { $0.output = bytes } else { $0.errors = bytes } }
    }
}
