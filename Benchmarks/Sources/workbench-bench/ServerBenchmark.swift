import BenchmarkReport
import Foundation
import JSON
import JSONOutput
import LayoutKit
import ServeClient

/// Round trips of a ~100-element `query` through the real `workbench serve` over pipes,
/// beside a raw pipe ping-pong of the same size (through `cat`), and the reply's encoding by
/// the byte writer beside `JSONEncoder`, in the same run.
struct ServerBenchmark {
    /// The `workbench` executable driven, its plugins beside it.
    let workbench: String
    var requests = 2000

    /// Round-trip percentiles, in seconds, of the isolated server and the in-process one; nil
    /// when the server could not be run.
    @discardableResult
    func run() throws -> (p50: Double, p99: Double, inProcessP50: Double, inProcessP99: Double)? {
        guard isRunnable(workbench, part: "server") else { return nil }
        // Every mode at once, requests alternating, so that all see the same machine.
        let (first, serverTimes, unsandboxedTimes, inProcessTimes, portableTimes) = try roundTrips(workbench)
        let elements = first.split(separator: UInt8(ascii: "{")).count / 2

        // The same bytes as a reply line, newline included, through a bare pipe and back.
        let echo = try ServeClient(executable: "/bin/cat", arguments: [])
        let payload = Array(repeating: UInt8(ascii: "x"), count: first.count)
        var pipeTimes: [Double] = []
        for _ in 0..<requests { pipeTimes.append(try echo.roundTrip(payload).seconds) }
        _ = echo.finish()

        let attributes = (0..<100).map { (index: Int) -> LayoutAttributes in
            let frame = Rect(x: 100 + Double(index % 10) * 100, y: 40 + Double(index / 10) * 50, width: 100, height: 50)
            return LayoutAttributes(element: .cell(index / 10, index % 10), frame: frame)
        }
        let writerTime = Measure.median(runs: 200) {
            var writer = JSONWriter(capacity: 20_000)
            writer.beginArray()
            for element in attributes { writer.attributes(element) }
            writer.endArray()
            precondition(writer.bytes.count > 100)
        }
        let codable = attributes.map(CodableAttributes.init)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoderTime = try Measure.median(runs: 200) { _ = try encoder.encode(codable) }

        let report = Report.shared
        let p50 = Self.percentile(serverTimes, 0.5), p99 = Self.percentile(serverTimes, 0.99)
        report.record("server.query\(elements).roundTrip.p50", p50, "s")
        report.record("server.query\(elements).roundTrip.p99", p99, "s")
        report.record("server.query\(elements).roundTrip.max", serverTimes.max() ?? 0, "s")
        report.record("server.query\(elements).roundTripUnsandboxed.p50", Self.percentile(unsandboxedTimes, 0.5), "s")
        report.record("server.query\(elements).roundTripPortable.p50", Self.percentile(portableTimes, 0.5), "s")
        report.record("server.query\(elements).roundTripPortable.p99", Self.percentile(portableTimes, 0.99), "s")
        report.record("server.pipePingPong.p50", Self.percentile(pipeTimes, 0.5), "s")
        report.record("server.pipePingPong.p99", Self.percentile(pipeTimes, 0.99), "s")
        report.record("server.encode100.writer", writerTime, "s")
        report.record("server.encode100.jsonEncoder", encoderTime, "s")
        report.guarded("server.encode100.speedup", encoderTime / writerTime, better: .higher)
        report.record("server.query\(elements).roundTripOverPipe.p50", p50 / Self.percentile(pipeTimes, 0.5), "×")
        let inProcessP50 = Self.percentile(inProcessTimes, 0.5), inProcessP99 = Self.percentile(inProcessTimes, 0.99)
        report.record("server.query\(elements).inProcess.p99", inProcessP99, "s")
        // Isolation's cost, a same-run ratio, for the regression guard; the server's p99 over a bare
        // pipe's only recorded (a p99 on a shared machine is too noisy to guard).
        report.guarded("server.query.isolatedOverInProcess.p50", p50 / inProcessP50, better: .lower)
        report.record(
            "server.query.inProcessOverPipe.p99", inProcessP99 / Self.percentile(pipeTimes, 0.99), "×")
        print(
            "server — query of \(elements) elements (\(first.count + 1) bytes a line) through `workbench serve` over pipes, \(requests) requests"
        )
        print("  round trip:        \(Self.percentiles(serverTimes))   (--isolation process, the default)")
        print("  unsandboxed:       \(Self.percentiles(unsandboxedTimes))   (--isolation process --sandbox off)")
        print("  in-process:        \(Self.percentiles(inProcessTimes))   (--isolation none)")
        print(
            "  sandbox on / off at p50: ×\(String(format: "%.2f", Self.percentile(serverTimes, 0.5) / Self.percentile(unsandboxedTimes, 0.5)))"
                + "; target ×1.00 (the filters cost nothing per call)")
        print(
            "  portable:          \(Self.percentiles(portableTimes))   (--isolation process, WORKBENCH_PORTABLE=1: "
                + "SOCK_STREAM with length prefixes, shm_open, no pidfd)")
        print(
            "  portable / native at p50: ×\(String(format: "%.2f", Self.percentile(portableTimes, 0.5) / Self.percentile(serverTimes, 0.5)))"
        )
        print(
            "  process / none at p50: ×\(String(format: "%.2f", Self.percentile(serverTimes, 0.5) / Self.percentile(inProcessTimes, 0.5)))"
                + " (+\(Measure.format(Self.percentile(serverTimes, 0.5) - Self.percentile(inProcessTimes, 0.5)))); target ≤ ×1.5"
        )
        print("  pipe ping-pong:    \(Self.percentiles(pipeTimes))   (same bytes through `cat`)")
        print(
            "  round trip / ping-pong at p50: ×\(String(format: "%.2f", Self.percentile(serverTimes, 0.5) / Self.percentile(pipeTimes, 0.5)))"
                + "; target p99 ≤ 50 µs")
        print(
            "  encoding 100 attributes: byte writer \(Measure.format(writerTime)), JSONEncoder \(Measure.format(encoderTime)), "
                + "\(Measure.ratio(reference: encoderTime, engine: writerTime)) (target ≥ ×10)")
        print()
        return (p50, p99, inProcessP50, inProcessP99)
    }

    /// The first reply and the timings of `requests` more query round trips through
    /// `workbench serve --isolation process` (sandboxed, then with `--sandbox off`),
    /// `--isolation none`, and `--isolation process` on the portable path
    /// (`WORKBENCH_PORTABLE=1`), taken in turns.
    private func roundTrips(_ workbench: String) throws -> ([UInt8], [Double], [Double], [Double], [Double]) {
        let isolated = try ServeClient(
            executable: workbench, arguments: ["serve", "--isolation", "process"],
            environment: ["WORKBENCH_PORTABLE": "0"])
        let unsandboxed = try ServeClient(
            executable: workbench, arguments: ["serve", "--isolation", "process", "--sandbox", "off"],
            environment: ["WORKBENCH_PORTABLE": "0"])
        let inProcess = try ServeClient(
            executable: workbench, arguments: ["serve", "--isolation", "none"],
            environment: ["WORKBENCH_PORTABLE": "0"])
        let portable = try ServeClient(
            executable: workbench, arguments: ["serve", "--isolation", "process"],
            environment: ["WORKBENCH_PORTABLE": "1"])
        var first: [UInt8] = []
        for server in [isolated, unsandboxed, inProcess, portable] {
            _ = try server.roundTrip(Self.open)
            let reply = try server.roundTrip(Self.query(id: 1)).reply
            guard first.isEmpty || first == reply else {
                throw Mismatch(description: "server: the isolation modes answer differently")
            }
            first = reply
        }
        // The servers take turns a block of requests at a time: each block is a busy session's
        // back-to-back queries, the turns give every server the same machine, and a server
        // between its turns is at rest (its plugin process stops spinning, as in an editor).
        var times: [[Double]] = [[], [], [], []]
        let block = 25
        for start in stride(from: 0, to: requests, by: block) {
            for (index, server) in [isolated, unsandboxed, inProcess, portable].enumerated() {
                for id in start..<min(start + block, requests) {
                    let message = Self.query(id: id + 2)
                    times[index].append(try server.roundTrip(message).seconds)
                }
            }
        }
        let (isolatedTimes, unsandboxedTimes, inProcessTimes, portableTimes) = (times[0], times[1], times[2], times[3])
        for server in [isolated, unsandboxed, inProcess, portable] { _ = server.finish() }
        return (first, isolatedTimes, unsandboxedTimes, inProcessTimes, portableTimes)
    }

    /// The workspace every server opens: a mark sheet of 1,000 sections of 10 marks.
    static let open = Array(
        #"{"jsonrpc":"2.0","id":0,"method":"open","params":{"text":"sources: {marks: {generate: {sections: 1000, items: 10}}}\nviews: {marks: {layout: mark-sheet, source: marks, viewport: {width: 1100, height: 600}}}","directory":"/tmp"}}"#
            .utf8)

    /// The query every round trip asks, numbered `id`: the elements in a 1000 × 500 viewport.
    static func query(id: Int) -> [UInt8] {
        let rect = #"{"x":100,"y":40,"width":1000,"height":500}"#
        return Array(
            #"{"jsonrpc":"2.0","id":\#(id),"method":"query","params":{"view":"workspace/marks","rect":\#(rect)}}"#.utf8)
    }

    static func percentile(_ times: [Double], _ fraction: Double) -> Double {
        let sorted = times.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    static func percentiles(_ times: [Double]) -> String {
        "p50 \(Measure.format(percentile(times, 0.5))), p99 \(Measure.format(percentile(times, 0.99))), max \(Measure.format(times.max() ?? 0))"
    }
}

/// The attributes as a `Codable` value, for the `JSONEncoder` comparison.
private struct CodableAttributes: Encodable {
    struct Frame: Encodable { var x, y, width, height: Double }
    var category: String, kind: String?, section: Int, item: Int, frame: Frame, zIndex: Int, alpha: Double, hidden: Bool

    init(_ attributes: LayoutAttributes) {
        category = attributes.element.category.name
        kind = attributes.element.kind
        section = attributes.element.path.section
        item = attributes.element.path.item
        frame = Frame(
            x: attributes.frame.x, y: attributes.frame.y, width: attributes.frame.width, height: attributes.frame.height
        )
        zIndex = attributes.zIndex
        alpha = attributes.alpha
        hidden = attributes.isHidden
    }
}
