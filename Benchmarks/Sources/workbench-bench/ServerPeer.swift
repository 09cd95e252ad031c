import BenchmarkReport
import ServeClient

/// A `workbench serve` peer spoken to one JSON-RPC request at a time, each timed.
final class ServerPeer {
    let client: ServeClient
    /// What the requests are about, for the error when one fails.
    let subject: String
    private var id = 0
    /// The text of the last reply.
    private(set) var lastReply = ""

    init(_ workbench: String, isolation: String, subject: String) throws {
        client = try ServeClient(executable: workbench, arguments: ["serve", "--isolation", isolation])
        self.subject = subject
    }

    /// Sends `method` with `params` (JSON text) and waits for the reply.
    ///
    /// - Returns: the seconds the round trip took.
    /// - Throws: `Mismatch` when the reply is an error.
    func call(_ method: String, _ params: String) throws -> Double {
        id += 1
        let message = Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8)
        let (reply, seconds) = try client.roundTrip(message)
        let text = String(decoding: reply, as: UTF8.self)
        lastReply = text
        guard !text.contains(#""error""#) else {
            throw Mismatch(description: "\(subject) \(method) failed: \(text.prefix(300))")
        }
        return seconds
    }

    func close() { _ = client.finish() }
}

extension ServerPeer {
    /// Opens `workload`'s generated data in a view of its own, `workspace/v`, and prepares it;
    /// returns the start of that view's params (`{"view":"workspace/v"`), to be closed or extended.
    func openAlone(_ workload: UpdateBenchmark.Workload) throws -> String {
        let source =
            "{generate: {sections: \(workload.sections), items: \(workload.itemsPerSection), min: 20, max: 60}}"
        _ = try call(
            "open",
            #"{"text":"sources: {d: \#(source)}\nviews: {v: {layout: \#(workload.layout), source: d}}","directory":"/tmp"}"#
        )
        let view = #"{"view":"workspace/v""#
        _ = try call("prepare", view + "}")
        return view
    }
}
