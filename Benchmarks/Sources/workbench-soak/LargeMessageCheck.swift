import Foundation

/// The check for bounded buffers: one large message, then many small requests pipelined
/// behind it; the server's address space may grow by at most `allowedGrowth`.
struct LargeMessageCheck {
    var messageBytes = 40 << 20
    var smallRequests = 100_000
    var allowedGrowth = 512 << 20

    /// Runs the check in `session`; returns the address-space growth in bytes, or nil if
    /// replies were lost or the server is gone.
    func run(_ session: inout SoakSession, sampler: ProcessSampler) -> Int? {
        guard let before = sampler.sample() else { return nil }
        let padding = String(repeating: "x", count: messageBytes)
        session.send("initialize", #"{"padding":"\#(padding)"}"#, expecting: .anything)
        for index in 0..<smallRequests {
            if index.isMultiple(of: 2) {
                session.send(
                    "query", #"{"view":"nowhere/none","rect":{"x":0,"y":0,"width":1,"height":1}}"#,
                    expecting: .error(-32003))
            } else {
                session.send("plugins", expecting: .anything)
            }
        }
        guard session.settle(), let after = sampler.sample() else { return nil }
        return after.peakVirtualBytes - before.virtualBytes
    }
}
