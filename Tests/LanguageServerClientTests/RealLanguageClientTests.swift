import Foundation
import TestSupport
import Testing

/// Real language clients — pygls's, and Neovim's built-in one — each run its script against a
/// real `workbench serve` over stdio.
struct RealLanguageClientTests {
    @Test func realClientsPassTheirScripts() throws {
        let scripts = BuildProducts.repositoryRoot + "/Tests/LanguageClients"
        let environment = [
            "WORKBENCH": BuildProducts.executable("workbench"), "WORKBENCH_PLUGINS": BuildProducts.directory,
        ]
        for (name, command) in [
            (
                "pygls",
                [
                    "python3", scripts + "/pygls_client.py", BuildProducts.executable("workbench"),
                    BuildProducts.directory,
                ]
            ),
            ("neovim", ["nvim", "--headless", "-u", "NONE", "-c", "luafile " + scripts + "/neovim_client.lua"]),
        ] {
            guard let reason = Self.missing(name) else {
                let (status, output) = try Self.run(command, environment: environment)
                #expect(
                    status == 0 && output.contains("\(name): ") && output.contains(" passed, 0 failed"), "\(output)")
                continue
            }
            print("skipped the \(name) client: \(reason) (.ci/run installs it)")
        }
    }

    /// Why a client cannot run here, or nil.
    static func missing(_ name: String) -> String? {
        let probe = name == "pygls" ? ["python3", "-c", "import pygls.lsp.client"] : ["nvim", "--version"]
        guard let (status, _) = try? run(probe, environment: [:]), status == 0 else {
            return name == "pygls"
                ? "python3 with pygls is not installed (pip install pygls)"
                : "nvim is not installed (apt-get install neovim)"
        }
        return nil
    }

    static func run(_ command: [String], environment: [String: String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
