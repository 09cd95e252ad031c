import Foundation
import ServeClient

// workbench-fuzz: the workbench fuzzes itself. Generated workspaces go through a real
// `workbench run`, generated JSON-RPC traffic through a real `workbench serve` (both using the
// plugins built beside them); every output is checked. Prints the counts and exits 1 on any
// violation, keeping the failing inputs in --failures.
//
//     swift build -c release                                                 # the workbench (repository root)
//     (cd Benchmarks && swift build -c release --disable-build-manifest-caching)
//     Benchmarks/.build/release/workbench-fuzz --seconds 600 --seed 7
//
// Options: --seconds S (default 60), --seed N (default 1), --workspaces N and --messages N
// (stop early once both are reached), --failures DIR (default ./fuzz-failures),
// --workbench PATH (default: the root package's build of this tool's configuration,
// .build/release/workbench for a release build).

var settings: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let flag = arguments.next() {
    guard flag.hasPrefix("--"), let value = arguments.next() else {
        FileHandle.standardError.write(
            Data(
                "usage: workbench-fuzz [--seconds S] [--seed N] [--workspaces N] [--messages N] [--failures DIR] [--workbench PATH]\n"
                    .utf8))
        exit(2)
    }
    settings[String(flag.dropFirst(2))] = value
}
let seconds = settings["seconds"].flatMap(Double.init) ?? 60
let seed = settings["seed"].flatMap(UInt64.init) ?? 1
let workspaceGoal = settings["workspaces"].flatMap(Int.init)
let messageGoal = settings["messages"].flatMap(Int.init)
let workbench = WorkbenchExecutable.path(explicit: settings["workbench"])
guard FileManager.default.isExecutableFile(atPath: workbench) else {
    FileHandle.standardError.write(
        Data(
            "workbench-fuzz: no workbench at \(workbench); build it first (swift build -c release in the repository), or pass --workbench PATH\n"
                .utf8))
    exit(2)
}
let findings = Findings(folder: settings["failures"] ?? "fuzz-failures")
var random = FuzzRandom(seed: seed)
var runs = RunCampaign(
    workbench: workbench, findings: findings, generator: WorkspaceGenerator(random: FuzzRandom(seed: random.next())))
var serves = ServeCampaign(
    workbench: workbench, findings: findings, random: FuzzRandom(seed: random.next()),
    workspaces: WorkspaceGenerator(random: FuzzRandom(seed: random.next())))
print("workbench-fuzz: seed \(seed), \(Int(seconds)) s, \(workbench)")
let start = Date()
var lastReport = start
while Date().timeIntervalSince(start) < seconds {
    if let workspaceGoal, let messageGoal, findings.workspaces >= workspaceGoal, findings.messages >= messageGoal {
        break
    }
    do {
        if workspaceGoal.map({ findings.workspaces < $0 }) ?? true { try runs.runBatch(of: 25) }
        for _ in 0..<3 where messageGoal.map({ findings.messages < $0 }) ?? true {
            try serves.session(messages: random.int(20...300))
        }
    } catch {
        print("workbench-fuzz: cannot go on: \(error)")
        exit(2)
    }
    if Date().timeIntervalSince(lastReport) > 30 {
        lastReport = Date()
        print(
            "… \(Int(lastReport.timeIntervalSince(start))) s: \(findings.workspaces) workspaces, \(findings.messages) messages, \(findings.violations) violations"
        )
    }
}
print(findings.summary)
print("in \(Int(Date().timeIntervalSince(start))) s")
exit(findings.violations == 0 ? 0 : 1)
