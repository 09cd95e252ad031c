import Foundation

/// Generated workspaces through a real `workbench run`, a folder of them per process; a
/// batch that crashes or hangs is re-run one workspace at a time to find the culprits.
struct RunCampaign {
    let workbench: String
    let findings: Findings
    var generator: WorkspaceGenerator
    /// Seconds one `workbench run` may take.
    var timeout = 60.0

    /// Generates and runs `count` workspaces.
    mutating func runBatch(of count: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workbench-fuzz-\(getpid())-\(findings.runs)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var inputs: [String: [String: [UInt8]]] = [:]
        for index in 0..<count {
            let name = "w\(index)"
            generator.dataFolder = "\(name)-data"
            let workspace = generator.workspace()
            inputs["\(name).yaml"] = workspace.files.merging(["\(name).yaml": workspace.text]) { $1 }
        }
        for (_, files) in inputs {
            for (path, bytes) in files { try write(bytes, to: (folder as NSString).appendingPathComponent(path)) }
        }
        findings.workspaces += count
        let outcome = try run(folder)
        if outcome.ending == .exited(0) || outcome.ending == .exited(1) {
            check(outcome, input: inputs.values.reduce(into: [:]) { $0.merge($1) { $1 } })
            return
        }
        // Find the workspaces that crash or hang, one process each.
        for (name, files) in inputs.sorted(by: { $0.key < $1.key }) {
            let single = try run((folder as NSString).appendingPathComponent(name))
            check(single, input: files)
        }
    }

    private mutating func run(_ path: String) throws -> BoundedRun.Outcome {
        findings.runs += 1
        return try BoundedRun.run(workbench, ["run", path], timeout: timeout)
    }

    private func check(_ outcome: BoundedRun.Outcome, input: [String: [UInt8]]) {
        switch outcome.ending {
        case .signalled(let signal):
            return findings.record(.crash, "workbench run died of signal \(signal)", input: input)
        case .timedOut: return findings.record(.hang, "workbench run took over \(Int(timeout)) s", input: input)
        case .exited(let status) where status > 1:
            return findings.record(.protocolViolation, "workbench run exited with status \(status)", input: input)
        case .exited: break
        }
        let output = String(decoding: outcome.output, as: UTF8.self)
        for line in output.split(separator: "\n") {
            if let key = OutputChecks.nullNumber(in: line) {
                findings.record(.nullNumber, "'\(key)' is null in: \(line.prefix(200))", input: input)
            }
            if (try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil {
                findings.record(.protocolViolation, "an output line is not JSON: \(line.prefix(200))", input: input)
            }
        }
        findings.viewsLaidOut += output.split(separator: "\n").count
        for line in String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n")
        where line.contains(": error: ") {
            findings.errorsSeen += 1
            if !OutputChecks.isLocated(line) { findings.record(.unlocatedError, String(line), input: input) }
        }
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
