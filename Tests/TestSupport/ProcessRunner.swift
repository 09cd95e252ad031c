import Foundation

/// Runs a program to completion and captures what it printed.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

public enum ProcessRunner {
    /// Runs `executable` with `arguments`, feeding `input` to its standard input.
    public static func run(
        _ executable: String, _ arguments: [String], input: Data = Data(),
        environment: [String: String]? = nil, directory: String? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
        // Read both pipes at once so that a full pipe never blocks the child.
        let errorData = DataBox()
        let group = DispatchGroup()
        let errorHandle = error.fileHandleForReading
        DispatchQueue.global().async(group: group) { errorData.data = errorHandle.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.data, as: UTF8.self))
    }
}

/// Holds what a background reader read.
private final class DataBox: @unchecked Sendable {
    // Unchecked: written by one task, read after the group is waited on.
    var data = Data()
}
