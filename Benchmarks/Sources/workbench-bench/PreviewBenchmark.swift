import BenchmarkReport
import Foundation
import ServeClient

/// Round trips of a guide viewport `query` (a 10^6-element guide) through `workbench preview`'s
/// WebSocket and through `workbench serve`'s stdio, taken in turns in the same run, so that both
/// see the same machine. (The browser's own share, and frame times while scrolling, are measured
/// by `Tests/Browser/preview_test.py --measure`.)
struct PreviewBenchmark {
    /// The `workbench` executable driven, its plugins beside it.
    let workbench: String
    var requests = 2000

    /// WebSocket and stdio round-trip percentiles, in seconds; nil when the workbench is missing.
    func run() throws -> (webSocket: (p50: Double, p99: Double), stdio: (p50: Double, p99: Double))? {
        guard isRunnable(workbench, part: "preview") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workbench-bench-preview-\(getpid())"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workspace = (folder as NSString).appendingPathComponent("million.yaml")
        try
            "workspace: million\nsources:\n  guide: {generate: {sections: 1001, items: 1000, seed: 9}}\nviews:\n  guide: {layout: guide, source: guide}\n"
            .write(toFile: workspace, atomically: true, encoding: .utf8)

        let (preview, url) = try Self.startPreview(workbench, folder)
        defer { preview.terminate(); preview.waitUntilExit() }
        guard let components = URLComponents(string: url), let port = components.port,
            let token = components.queryItems?.first(where: { $0.name == "token" })?.value
        else {
            throw Mismatch(description: "preview: workbench preview printed '\(url)'")
        }
        let socket = try PreviewSocket(port: port, token: token)
        let serve = try ServeClient(executable: workbench)
        defer { _ = serve.finish() }

        let bounds = #"{"x":40000,"y":12000,"width":1024,"height":768}"#
        let setup = [
            #"{"jsonrpc":"2.0","id":1,"method":"open","params":{"path":"\#(workspace)"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"invalidate","params":{"view":"million/guide","bounds":\#(bounds)}}"#,
        ]
        for message in setup {
            try socket.sendText(message)
            _ = try socket.receive()
            _ = try serve.roundTrip(Array(message.utf8))
        }
        let query = { (id: Int) in
            #"{"jsonrpc":"2.0","id":\#(id),"method":"query","params":{"view":"million/guide","rect":\#(bounds)}}"#
        }
        try socket.sendText(query(3))
        let first = try socket.receive()
        guard first == (try serve.roundTrip(Array(query(3).utf8)).reply) else {
            throw Mismatch(description: "preview: the WebSocket and stdio answer the query differently")
        }
        var webSocketTimes: [Double] = [], stdioTimes: [Double] = []
        for id in 4..<(4 + requests) {
            let message = query(id), body = Array(message.utf8)
            webSocketTimes.append(
                try Measure.seconds {
                    try socket.sendText(message)
                    _ = try socket.receive()
                })
            stdioTimes.append(try serve.roundTrip(body).seconds)
        }
        let elements = first.split(separator: UInt8(ascii: "{")).count / 2
        let percentile = ServerBenchmark.percentile
        let report = Report.shared
        report.record("preview.guideViewport.webSocket.p50", percentile(webSocketTimes, 0.5), "s")
        report.record("preview.guideViewport.webSocket.p99", percentile(webSocketTimes, 0.99), "s")
        report.record("preview.guideViewport.stdio.p50", percentile(stdioTimes, 0.5), "s")
        report.record("preview.guideViewport.stdio.p99", percentile(stdioTimes, 0.99), "s")
        print(
            "preview — query of a guide viewport (\(elements) elements, 1024×768) of 10^6 elements, \(requests) requests in turns"
        )
        print("  WebSocket (workbench preview): \(ServerBenchmark.percentiles(webSocketTimes))")
        print("  stdio (workbench serve):       \(ServerBenchmark.percentiles(stdioTimes))")
        print()
        return (
            (percentile(webSocketTimes, 0.5), percentile(webSocketTimes, 0.99)),
            (percentile(stdioTimes, 0.5), percentile(stdioTimes, 0.99))
        )
    }

    /// Starts `workbench preview FOLDER` and reads the one line it prints.
    private static func startPreview(_ workbench: String, _ folder: String) throws -> (Process, String) {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: workbench)
        process.arguments = ["preview", folder]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        return (process, String(decoding: line, as: UTF8.self))
    }
}
