import Foundation
import ServeClient

/// What one soak session did and measured, and whether it passed.
struct SessionReport {
    let framing: String
    var start: ProcessSample?
    var rest: ProcessSample?
    /// The most of each reading taken at rest, between cycles and at the end.
    var mostAtRest = ProcessSample()
    var extremes = (residentBytes: 0, threads: 0, fileDescriptors: 0, children: 0)
    /// How many more file descriptors and threads than at the start the server may hold at
    /// rest: its plugin-folder watcher and the worker threads Dispatch keeps, never one per
    /// view or workspace ever opened.
    static let fileDescriptorAllowance = 16, threadAllowance = 16
    var largeMessage = (bytes: 0, followers: 0)
    var addressSpaceGrowth: Int?
    var allowedGrowth = 512 << 20
    var cycles = 0
    var seconds = 0.0
    /// How the server ended after `shutdown` and `exit`.
    var ending: ProcessEnding?
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
        failures == 0 && ending == .exited(0) && (addressSpaceGrowth.map { $0 <= allowedGrowth } ?? false)
            && (rest.map { $0.residentBytes <= restLimit << 20 } ?? false) && restProblems.isEmpty
    }

    /// What the server held at rest, every workspace closed, beyond its bounds: descriptors
    /// and threads beyond the allowances over its start, or any plugin child still alive.
    var restProblems: [String] {
        guard let start else { return ["no reading at the start"] }
        var problems: [String] = []
        if mostAtRest.fileDescriptors > start.fileDescriptors + Self.fileDescriptorAllowance {
            problems.append(
                "\(mostAtRest.fileDescriptors) file descriptors at rest (start \(start.fileDescriptors) + \(Self.fileDescriptorAllowance) allowed)"
            )
        }
        if mostAtRest.threads > start.threads + Self.threadAllowance {
            problems.append(
                "\(mostAtRest.threads) threads at rest (start \(start.threads) + \(Self.threadAllowance) allowed)")
        }
        if mostAtRest.children > 0 {
            problems.append("\(mostAtRest.children) plugin children alive with every workspace closed")
        }
        return problems
    }

    func description(restLimit: Int) -> String {
        func mib(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "?" }
        var lines = [
            "session (\(framing)): \(cycles) cycles in \(String(format: "%.0f", seconds)) s, \(ending.map(String.init(describing:)) ?? "no ending seen")",
            "  requests \(sent), replies \(replies) (\(String(format: "%.0f", Double(replies) / max(seconds, 1))) per second), problems \(failures)",
            "  RSS start \(mib(start?.residentBytes)), peak \(mib(extremes.residentBytes)), at rest \(mib(rest?.residentBytes)) (limit \(restLimit) MiB; most between cycles \(mib(mostAtRest.residentBytes)))",
            "  fds start \(start?.fileDescriptors ?? 0), most \(extremes.fileDescriptors), at rest \(rest?.fileDescriptors ?? 0), most at rest \(mostAtRest.fileDescriptors) (allowed start + \(Self.fileDescriptorAllowance)); threads start \(start?.threads ?? 0), most \(extremes.threads), at rest \(rest?.threads ?? 0), most at rest \(mostAtRest.threads) (allowed start + \(Self.threadAllowance))",
            "  plugin children most \(extremes.children), at rest \(rest?.children ?? 0) with \(mib(rest?.childrenResidentBytes)) resident, most at rest \(mostAtRest.children) (allowed 0)",
            "  one \(mib(largeMessage.bytes)) message then \(largeMessage.followers) small requests: address space grew \(mib(addressSpaceGrowth)) (limit \(mib(allowedGrowth)), under a 4 GiB limit)",
        ]
        lines += (firstFailures + restProblems).map { "  problem: \($0)" }
        return lines.joined(separator: "\n")
    }
}
