import BenchmarkReport
import Foundation
import ServeClient

/// The server at an editor's pace: one query a frame, every process asleep in between.
extension ServerBenchmark {
    /// What the cold mode measured: p50s, in seconds.
    struct ColdFigures {
        var contained: Double
        var inProcess: Double
        var pipePingPong: Double
    }

    /// The gaps before each cold request, in milliseconds, taken in turn: from a busy editor's to
    /// a 60 Hz frame's.
    static let coldSpacings: [Double] = [2, 4, 8, 16]

    /// The same query as `run`'s, cold: a `serve` with the default isolation, a `serve
    /// --isolation none` and a pipe through `cat` carrying the reply's bytes take turns, each
    /// request `coldSpacings` after the last one, so that every process has gone to sleep; then
    /// the servers' CPU time at 60 queries a second each.
    ///
    /// - Returns: the p50s; nil when the server could not be run.
    @discardableResult
    func runCold(rounds: Int, cpuSeconds: Double = 3) throws -> ColdFigures? {
        guard isRunnable(workbench, part: "server") else { return nil }
        let contained = try ServeClient(
            executable: workbench, arguments: ["serve"], environment: ["WORKBENCH_PORTABLE": "0"])
        let inProcess = try ServeClient(
            executable: workbench, arguments: ["serve", "--isolation", "none"],
            environment: ["WORKBENCH_PORTABLE": "0"])
        let echo = try ServeClient(executable: "/bin/cat", arguments: [])
        defer { for peer in [contained, inProcess, echo] { _ = peer.finish() } }
        var first: [UInt8] = []
        for server in [contained, inProcess] {
            _ = try server.roundTrip(Self.open)
            let reply = try server.roundTrip(Self.query(id: 1)).reply
            guard first.isEmpty || first == reply else {
                throw Mismatch(description: "server: the isolation modes answer differently")
            }
            first = reply
        }
        let elements = first.split(separator: UInt8(ascii: "{")).count / 2
        let payload = Array(repeating: UInt8(ascii: "x"), count: first.count)
        var id = 2
        func roundTrip(_ peer: Int) throws -> Double {
            id += 1
            switch peer {
            case 0: return try contained.roundTrip(Self.query(id: id)).seconds
            case 1: return try inProcess.roundTrip(Self.query(id: id)).seconds
            default: return try echo.roundTrip(payload).seconds
            }
        }
        for _ in 0..<20 { for peer in 0..<3 { _ = try roundTrip(peer) } }

        // The three take turns, the first of a round changing every round; each waits out the
        // round's gap before its request.
        var times: [[Double]] = [[], [], []]
        var bySpacing = Array(repeating: [[Double]](repeating: [], count: 3), count: Self.coldSpacings.count)
        for round in 0..<rounds {
            let spacing = round % Self.coldSpacings.count
            for turn in 0..<3 {
                let peer = (round + turn) % 3
                usleep(useconds_t(Self.coldSpacings[spacing] * 1000))
                let seconds = try roundTrip(peer)
                times[peer].append(seconds)
                bySpacing[spacing][peer].append(seconds)
            }
        }
        let cpu = try cpuShares(contained: contained, inProcess: inProcess, seconds: cpuSeconds)

        let figures = ColdFigures(
            contained: Self.percentile(times[0], 0.5), inProcess: Self.percentile(times[1], 0.5),
            pipePingPong: Self.percentile(times[2], 0.5))
        let extra = figures.contained - figures.inProcess
        let report = Report.shared
        report.record("server.cold.query\(elements).roundTrip.p50", figures.contained, "s")
        report.record("server.cold.query\(elements).roundTrip.p99", Self.percentile(times[0], 0.99), "s")
        report.record("server.cold.query\(elements).inProcess.p50", figures.inProcess, "s")
        report.record("server.cold.pipePingPong.p50", figures.pipePingPong, "s")
        report.record("server.cold.query\(elements).extra.p50", extra, "s")
        report.record("server.cold.query.extraOverPipe.p50", extra / figures.pipePingPong, "×")
        // The cold cost of isolation, a same-run ratio, for the regression guard.
        report.guarded(
            "server.query.coldIsolatedOverInProcess.p50", figures.contained / figures.inProcess, better: .lower)
        for (name, share) in [("contained", cpu.contained), ("plugin", cpu.plugin), ("inProcess", cpu.inProcess)] {
            if let share { report.record("server.cpuAt60Hz.\(name)", share, "core") }
        }

        let gaps = Self.coldSpacings.map { String(format: "%.0f", $0) }.joined(separator: ", ")
        print(
            "server, cold — the same query at an editor's pace: the two servers and the pipe take turns, each request "
                + "\(gaps) ms after the last (every process asleep), \(rounds) each")
        print("  contained:         \(Self.percentiles(times[0]))   (serve, the default isolation)")
        print("  in-process:        \(Self.percentiles(times[1]))   (--isolation none)")
        print("  pipe ping-pong:    \(Self.percentiles(times[2]))   (same bytes through `cat`: two wake-ups)")
        print(
            "  contained / in-process at p50: ×\(String(format: "%.2f", figures.contained / figures.inProcess)); "
                + "target ≤ ×1.5")
        print(
            "  a contained call's extra cost at p50: \(Measure.format(extra)), "
                + "×\(String(format: "%.2f", extra / figures.pipePingPong)) of a cold ping-pong; target ≤ ×0.5 (one wake-up)"
        )
        let ratios = Self.coldSpacings.indices.map { index in
            let spaced = bySpacing[index]
            return String(
                format: "%.0f ms ×%.2f (+%.0f µs)", Self.coldSpacings[index],
                Self.percentile(spaced[0], 0.5) / Self.percentile(spaced[1], 0.5),
                (Self.percentile(spaced[0], 0.5) - Self.percentile(spaced[1], 0.5)) * 1e6)
        }
        print("  contained / in-process at p50 by gap: \(ratios.joined(separator: ", "))")
        func share(_ value: Double?) -> String { value.map { String(format: "%.1f%%", $0 * 100) } ?? "not measured" }
        print(
            "  CPU at 60 queries a second each (\(String(format: "%.0f", cpuSeconds)) s), of one core: contained server "
                + "\(share(cpu.contained)) (its plugin process \(share(cpu.plugin))), in-process server \(share(cpu.inProcess))"
        )
        print()
        return figures
    }

    /// Each server's CPU time over wall time while each gets 60 queries a second (in turns, half
    /// a frame apart) for `seconds`; and that of the contained server's plugin processes.
    private func cpuShares(contained: ServeClient, inProcess: ServeClient, seconds: Double) throws
        -> (contained: Double?, plugin: Double?, inProcess: Double?)
    {
        let plugins = childProcesses(of: contained.processIdentifier)
        func pluginTime() -> Double? {
            plugins.isEmpty ? nil : plugins.reduce(0.0) { total, pid in total + (processCPUTime(pid) ?? 0) }
        }
        func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        let before = (
            processCPUTime(contained.processIdentifier), pluginTime(), processCPUTime(inProcess.processIdentifier)
        )
        let start = now()
        var id = 100_000
        for frame in 0..<Int(seconds * 60) {
            for (turn, server) in [contained, inProcess].enumerated() {
                let wait = start + Double(frame) / 60 + Double(turn) / 120 - now()
                if wait > 0 { usleep(useconds_t(wait * 1e6)) }
                id += 1
                _ = try server.roundTrip(Self.query(id: id))
            }
        }
        let wall = now() - start
        func share(_ before: Double?, _ after: Double?) -> Double? {
            guard let before, let after else { return nil }
            return (after - before) / wall
        }
        return (
            share(before.0, processCPUTime(contained.processIdentifier)), share(before.1, pluginTime()),
            share(before.2, processCPUTime(inProcess.processIdentifier))
        )
    }
}
