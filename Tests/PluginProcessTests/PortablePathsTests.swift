import Foundation
import TestSupport
import Testing

/// `WORKBENCH_PORTABLE=1` (issue 27): a real `workbench serve` session under `strace -f` —
/// a watched workspace, a query through a plugin process — makes none of the Linux-only calls
/// the portable path replaces; the same session without it makes every one, so the trace
/// would show them.
struct PortablePathsTests {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// CI installs strace and sets this, so that a missing strace fails instead of skipping.
    static let isRequired = ProcessInfo.processInfo.environment["WORKBENCH_REQUIRE_STRACE"] == "1"

    /// The Linux-only calls, as they appear in a trace.
    static let linuxOnly = ["memfd_create(", "pidfd_open(", "inotify_init", "SOCK_SEQPACKET", "PR_SET_PDEATHSIG"]

    /// The calls of interest made by a `serve` session and all its children, one per line.
    static func tracedSession(portable: Bool) throws -> (calls: [String], replies: String) {
        let folder = try TemporaryFolder()
        let trace = folder.path + "/trace"
        let workspace = BuildProducts.repositoryRoot + "/Workspaces/circles.yaml"
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"open","params":{"path":"\#(workspace)","watch":true}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"query","params":{"view":"circles/alarms","rect":{"x":0,"y":0,"width":375,"height":667}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBENCH_PORTABLE"] = portable ? "1" : "0"
        let result = try ProcessRunner.run(
            strace ?? "strace",
            [
                "-f", "-qq", "-o", trace, "-e",
                "trace=memfd_create,pidfd_open,inotify_init,inotify_init1,socketpair,prctl",
                BuildProducts.executable("workbench"), "serve", "--plugins", BuildProducts.directory,
            ],
            input: Data((requests.joined(separator: "\n") + "\n").utf8), environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        return (calls, result.standardOutput)
    }

    @Test(.enabled(if: strace != nil || isRequired, "strace is not installed"))
    func aPortableServeSessionMakesNoLinuxOnlyCall() throws {
        let native = try Self.tracedSession(portable: false)
        for call in Self.linuxOnly where call != "PR_SET_PDEATHSIG" {
            #expect(native.calls.contains { $0.contains(call) }, "the native session should show \(call)")
        }
        let portable = try Self.tracedSession(portable: true)
        #expect(portable.replies.contains(#""id":2"#) && portable.replies.contains(#""elements":[{"#))
        #expect(portable.calls.contains { $0.contains("SOCK_STREAM") }, "the portable channel is a stream pair")
        for call in Self.linuxOnly {
            let made = portable.calls.filter { $0.contains(call) }
            #expect(made.isEmpty, "the portable session made \(call): \(made)")
        }
    }
}
