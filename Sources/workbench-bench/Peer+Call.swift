/// A request to a `workbench serve` peer, timed.
extension Peer {
    /// Sends request `id` (incremented first) and returns its round trip in seconds; an error
    /// reply fails the benchmark, naming `label` and the method.
    func call(_ method: String, _ params: String, id: inout Int, label: String) throws -> Double {
        id += 1
        let message = Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8) + [10]
        var reply: [UInt8] = []
        let seconds = try Measure.seconds { reply = try roundTrip(message) }
        let text = String(decoding: reply, as: UTF8.self)
        guard !text.contains(#""error""#) else { throw Mismatch(description: "\(label) \(method) failed: \(text.prefix(300))") }
        return seconds
    }
}
