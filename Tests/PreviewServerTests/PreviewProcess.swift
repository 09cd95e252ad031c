import Foundation
import TestSupport

/// A real `workbench preview` process (plugins from the build folder), its URL read from the
/// one line it prints; terminated with SIGTERM when the test is done.
final class PreviewProcess {
    let process = Process()
    let url: String
    let port: Int
    let token: String
    private let errors = Pipe()

    init(_ arguments: [String] = ["Workspaces"]) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: BuildProducts.executable("workbench"))
        process.arguments = ["preview"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: BuildProducts.repositoryRoot)
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        url = String(decoding: line, as: UTF8.self)
        guard let components = URLComponents(string: url), let port = components.port,
            let token = components.queryItems?.first(where: { $0.name == "token" })?.value
        else {
            process.terminate()
            throw RawWebSocket.Failure(
                description: "workbench preview printed '\(url)', not a URL with a port and a token")
        }
        self.port = port
        self.token = token
    }

    /// A WebSocket to its `/rpc`, upgraded with the token.
    func connect() throws -> RawWebSocket {
        let socket = try RawWebSocket(port: port)
        try socket.upgrade(port: port, token: token)
        return socket
    }

    /// Sends SIGTERM and returns the exit status and what went to standard error.
    func stop() -> (status: Int32, log: String) {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, log)
    }

    deinit { if process.isRunning { process.terminate() } }
}
