import ArgumentParser
import Foundation
import JSON
import ServeClient

/// `workbench-soak`: a long editor-like session against a real `workbench serve`.
@main
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench-soak",
        abstract:
            "Drive a real 'workbench serve' over pipes with an editor's mixed work, and check every reply and the memory it keeps.",
        discussion: """
            Two sessions of half the time each, newline-delimited then LSP-framed. Each starts with one \
            large message followed by many small requests (the address space may grow by at most 512 MiB), \
            then cycles open / prepare / cancel / scroll (bounds changes, rect and element queries, batches) / \
            errors and malformed messages / invalidate / close over the bundled, large and generated \
            (10^5–10^6 elements) workspaces. Every reply is checked: answered exactly once, in order per \
            view, of the right shape. The server runs under a 4 GiB address-space limit; its resident memory, \
            threads and file descriptors are sampled from /proc. Exits 1 on a lost, duplicated, out-of-order \
            or malformed reply, on address-space growth over the bound, when resident memory with every \
            workspace closed ends above --rest-limit, or when at rest it holds more than 16 file descriptors \
            or 16 threads beyond its start, or any plugin child process (their count and memory are sampled too).
            """)

    @Option(help: "How long to run, in seconds.")
    var seconds = 60.0

    @Option(
        help: ArgumentHelp(
            "The workbench executable (default: the root package's build of this tool's configuration).",
            valueName: "path"))
    var workbench: String?

    @Option(
        help: ArgumentHelp(
            "The repository folder holding Workspaces/ (default: the one this tool was built in).", valueName: "dir")
    )
    var repository: String?

    @Option(help: "How many small requests follow the large message.")
    var smallRequests = 100_000

    @Option(
        help: ArgumentHelp("The most resident memory allowed at rest, all workspaces closed, in MiB.", valueName: "MiB")
    )
    var restLimit = 64

    @Option(help: "The seed of the cycle's choices.")
    var seed: UInt64 = 1

    func run() throws {
        let executable = WorkbenchExecutable.path(explicit: workbench)
        let repository = repository ?? WorkbenchExecutable.repository ?? FileManager.default.currentDirectoryPath
        let workspaces = try SoakWorkspaces(repository: repository)
        defer { workspaces.remove() }
        var failed = false
        for (index, framing) in [Framing.lines, .headers].enumerated() {
            var report = SessionReport(framing: framing == .lines ? "newline-delimited" : "LSP headers")
            try runSession(
                executable: executable, repository: repository, framing: framing, workspaces: workspaces,
                seed: seed &+ UInt64(index), report: &report)
            print(report.description(restLimit: restLimit))
            failed = failed || !report.passed(restLimit: restLimit)
        }
        print(failed ? "soak: FAILED" : "soak: passed")
        if failed { throw ExitCode(1) }
    }

    private func runSession(
        executable: String, repository: String, framing: Framing, workspaces: SoakWorkspaces, seed: UInt64,
        report: inout SessionReport
    ) throws {
        let ledger = ReplyLedger()
        let server = try ServeClient(
            executable: executable, framing: framing, directory: repository, addressSpaceLimit: 4 << 30)
        defer { server.kill() }
        server.startReading(
            { event in
                switch event {
                case .message(let body): ledger.receive(try? JSONParser.parse(body[...]))
                case .malformed: ledger.receive(nil)
                }
            }, ended: ledger.outputEnded)
        let sampler = ProcessSampler(pid: server.processIdentifier)
        defer { sampler.stop() }
        var session = SoakSession(server: server, ledger: ledger, seed: seed)
        let started = Date()
        session.send("initialize", expecting: .anything)
        guard session.settle() else { return report.record(ledger) }
        report.start = sampler.sample()
        var check = LargeMessageCheck()
        check.smallRequests = smallRequests
        report.largeMessage = (check.messageBytes, check.smallRequests)
        report.addressSpaceGrowth = check.run(&session, sampler: sampler)
        report.rest = atRest(sampler)
        let deadline = started.addingTimeInterval(seconds / 2)
        var next = 0
        repeat {
            guard session.cycle(workspace: workspaces.paths[next % workspaces.paths.count]) else { break }
            next += 1
            if let rest = atRest(sampler) { report.mostAtRest = report.mostAtRest.maxima(rest) }
        } while Date() < deadline
        report.cycles = next
        report.rest = atRest(sampler)
        if let rest = report.rest { report.mostAtRest = report.mostAtRest.maxima(rest) }
        session.send("shutdown", expecting: .null)
        _ = session.settle()
        session.notify("exit", "null")
        report.ending = server.finish()
        report.seconds = Date().timeIntervalSince(started)
        report.extremes = sampler.extremes
        report.record(ledger)
    }

    /// A reading once the server has had a moment to give memory back and to see its plugin
    /// children exit (up to 3 s more on a busy machine, while any is still alive).
    private func atRest(_ sampler: ProcessSampler) -> ProcessSample? {
        Thread.sleep(forTimeInterval: 0.5)
        var sample = sampler.sample()
        for _ in 0..<6 where (sample?.children ?? 0) > 0 {
            Thread.sleep(forTimeInterval: 0.5)
            sample = sampler.sample()
        }
        return sample
    }
}
