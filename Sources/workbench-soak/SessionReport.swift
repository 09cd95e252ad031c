import Foundation

/// What one soak session did and measured, and whether it passed.
struct SessionReport {
    let framing: String
    var start: ProcessSample?
    var rest: ProcessSample?
    var mostAtRest = 0
    var extremes = (residentBytes: 0, threads: 0, fileDescriptors: 0)
    var largeMessage = (bytes: 0, followers: 0)
    var addressSpaceGrowth: Int?
    var allowedGrowth = 512 << 20
    var cycles = 0
    var seconds = 0.0
    var exitStatus: Int32?
    var sent = 0
    var replies = 0
    var failures = 0
    var firstFailures: [String] = []

    init(framing: String) { self.framing = framing }

    mutating func record(_ ledger: ReplyLedger) {
        (sent, replies) = ledger.counts
        failures = ledger.failureTotal
        firstFailures = ledger.firstFailures
    }

    func passed(restLimit: Int) -> Bool {
        failures == 0 && exitStatus == 0 && (addressSpaceGrowth.map { $0 <= allowedGrowth } ?? false)
            && (rest.map { $0.residentBytes <= restLimit << 20 } ?? false)
    }

    func description(restLimit: Int) -> String {
        func mib(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "?" }
        var lines = [
            "session (\(framing)): \(cycles) cycles in \(String(format: "%.0f", seconds)) s, exit status \(exitStatus.map(String.init) ?? "?")",
            "  requests \(sent), replies \(replies) (\(String(format: "%.0f", Double(replies) / max(seconds, 1))) per second), problems \(failures)",
            "  RSS start \(mib(start?.residentBytes)), peak \(mib(extremes.residentBytes)), at rest \(mib(rest?.residentBytes)) (limit \(restLimit) MiB; most between cycles \(mib(mostAtRest)))",
            "  fds start \(start?.fileDescriptors ?? 0), most \(extremes.fileDescriptors), at rest \(rest?.fileDescriptors ?? 0); threads start \(start?.threads ?? 0), most \(extremes.threads), at rest \(rest?.threads ?? 0)",
            "  one \(mib(largeMessage.bytes)) message then \(largeMessage.followers) small requests: address space grew \(mib(addressSpaceGrowth)) (limit \(mib(allowedGrowth)), under a 4 GiB limit)",
        ]
        lines += firstFailures.map { "  problem: \($0)" }
        return lines.joined(separator: "\n")
    }
}
