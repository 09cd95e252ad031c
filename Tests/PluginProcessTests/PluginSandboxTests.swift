import Foundation
import TestSupport
import Testing

/// The plugin sandbox, seen through the real `workbench run`, `serve` and `plugins`: plugins
/// (`EscapingPlugin`) that try to read or write files, open a socket, fork, exec or take 6 GB
/// get nowhere under the default isolation — a refused file call fails inside the plugin, a
/// stop by the sandbox fails the request naming what was refused — and everything else goes on.
/// Linux only: the messages are Landlock's and seccomp's (macOS's `sandbox_init` refuses differently).
@Suite(.enabled(if: isLinux))
struct PluginSandboxTests {
    /// A folder of escaping plugins and a workspace with one view per escape (five items each).
    final class Fixture {
        let folder: TemporaryFolder
        let workspace: String

        init(_ escapes: [EscapingPlugin]) throws {
            folder = try TemporaryFolder()
            var text = "workspace: escapes\nsources: {five: {items: [1, 2, 3, 4, 5]}}\nviews:\n"
            for escape in escapes {
                _ = try escape.build(in: folder.path)
                text +=
                    "  \(escape.rawValue): {layout: \(escape.pluginName), source: five, viewport: {width: 100, height: 100}}\n"
            }
            workspace = try folder.write("escapes.yaml", text)
        }

        /// `workbench run` of the workspace with `arguments`.
        func run(_ arguments: [String] = []) throws -> ProcessResult {
            try ProcessRunner.run(
                BuildProducts.executable("workbench"), ["run", workspace, "--plugins", folder.path] + arguments)
        }
    }

    static let stopped = "was stopped by the plugin sandbox in prepare"

    @Test func everyEscapeFailsUnderTheDefaultIsolationNamingWhatWasRefused() throws {
        let fixture = try Fixture(EscapingPlugin.allCases)
        let result = try fixture.run()
        let path = fixture.workspace
        let errors = result.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix(path) }
        #expect(
            errors == [
                "\(path):5:3: error: view 'readfile' (escape-readfile): escape failed: open /etc/hostname: Permission denied",
                "\(path):6:3: error: view 'writefile' (escape-writefile): escape failed: create a file in /tmp: Permission denied",
                "\(path):7:3: error: view 'socket' (escape-socket): plugin 'escape-socket' \(Self.stopped): system call socket refused (SIGSYS)",
                "\(path):8:3: error: view 'fork' (escape-fork): plugin 'escape-fork' \(Self.stopped): system call clone refused (SIGSYS)",
                "\(path):9:3: error: view 'exec' (escape-exec): plugin 'escape-exec' \(Self.stopped): system call execve refused (SIGSYS)",
                "\(path):10:3: error: view 'ctorread' (escape-ctorread): escape failed: a constructor's open of /etc/hostname: Permission denied",
                "\(path):11:24: error: the layout plugin 'escape-ctorsocket' was refused: \(fixture.folder.path)/libescape-ctorsocket.so: loading it was stopped by the plugin sandbox: system call socket refused (SIGSYS)",
                "\(path):12:3: error: view 'memory' (escape-memory): plugin 'escape-memory' \(Self.stopped): memory limit of 2 GiB reached (SIGSEGV)",
            ], "\(result.standardError)")
        #expect(result.standardError.hasSuffix("workbench: 1 view laid out, 8 failed\n"))
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("\"view\":\"none\""))
    }

    @Test func aTrustedPluginRunsUnsandboxedWithSandboxOff() throws {
        let fixture = try Fixture([.readFile, .writeFile, .constructorRead])
        let result = try fixture.run(["--sandbox", "off"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "workbench: 3 views laid out, 0 failed\n")
    }

    @Test func theMemoryLimitIsTheOneAsked() throws {
        let fixture = try Fixture([.memory])
        let limited = try fixture.run(["--plugin-memory", "512M"])
        #expect(
            limited.standardError.contains(
                "plugin 'escape-memory' \(Self.stopped): memory limit of 512 MiB reached (SIGSEGV)"),
            "\(limited.standardError)")
        let tooSmall = try fixture.run(["--plugin-memory", "100M"])
        #expect(tooSmall.status == 64)
        #expect(tooSmall.standardError.contains("--plugin-memory must be at least 256M"))
    }

    @Test func aStopFailsOnlyItsRequestAndAReloadedBuildRuns() throws {
        let fixture = try Fixture([.socket, .none])
        let client = try ServerClient(arguments: [
            "--plugins", fixture.folder.path, "--plugins", BuildProducts.directory,
        ])
        _ = client.request("open", ["path": "Workspaces/circles.yaml"], id: 1)
        _ = client.request("open", ["path": fixture.workspace], id: 2)
        let stop = PluginCrashTests.error(client.request("prepare", ["view": "escapes/socket"], id: 3))
        #expect(stop?["code"] as? Int == -32004)
        #expect(
            stop?["message"] as? String
                == "view 'socket' (escape-socket): plugin 'escape-socket' \(Self.stopped): system call socket refused (SIGSYS)"
        )
        let data = stop?["data"] as? [String: Any]
        #expect(data?["sandbox"] as? String == "system call socket refused")
        #expect(data?["signal"] as? String == "SIGSYS" && data?["plugin"] as? String == "escape-socket")
        // The other views answer as before.
        #expect(client.request("prepare", ["view": "circles/alarms"], id: 4)?["result"] != nil)
        #expect(
            PluginCrashTests.items(
                client.request("query", ["view": "escapes/none", "rect": PluginCrashTests.everything], id: 5))
                == [0, 1, 2, 3, 4])
        // A rebuild that behaves, put in place as a build does, is reloaded and runs.
        _ = try EscapingPlugin.none.build(in: fixture.folder.path, named: "escape-socket")
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline,
            !client.messages.contains(where: { ($0 as? [String: Any])?["method"] as? String == "plugins/didChange" })
        {
            Thread.sleep(forTimeInterval: 0.02)
        }
        let prepared = client.request("prepare", ["view": "escapes/socket"], id: 6)
        #expect((prepared?["result"] as? [String: Any])?["elements"] as? Int == 5, "\(String(describing: prepared))")
        #expect(client.finish() == 0)
    }

    @Test func pluginsSaysWhatTheSandboxIsAndWhyALibraryWasRefused() throws {
        let fixture = try Fixture([.constructorSocket, .none])
        let result = try ProcessRunner.run(
            BuildProducts.executable("workbench"), ["plugins", "--plugins", fixture.folder.path])
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Sandbox: ") && $0.contains("memory limit 2 GiB") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("escape-none 0.0.1") })
        #expect(
            lines.contains(
                "refused: \(fixture.folder.path)/libescape-ctorsocket.so: loading it was stopped by the plugin sandbox: system call socket refused (SIGSYS)"
            ), "\(result.standardOutput)")
        // A trusted library is listed with the sandbox off.
        let trusted = try ProcessRunner.run(
            BuildProducts.executable("workbench"), ["plugins", "--plugins", fixture.folder.path, "--sandbox", "off"])
        #expect(trusted.standardOutput.contains("\nescape-ctorsocket 0.0.1"), "\(trusted.standardOutput)")
        #expect(trusted.standardOutput.contains("Sandbox: off"))
    }
}

#if os(Linux)
    private let isLinux = true
#else
    private let isLinux = false
#endif
