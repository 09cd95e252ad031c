import Foundation

/// What the campaign counted, and where it keeps the inputs that broke a rule.
final class Findings {
    enum Kind: String, CaseIterable {
        case crash = "crashes"
        case hang = "hangs"
        case unlocatedError = "unlocated errors"
        case nullNumber = "null numbers"
        case protocolViolation = "protocol violations"
    }

    var workspaces = 0, messages = 0, runs = 0, sessions = 0, errorsSeen = 0
    /// Views `run` laid out, and replies that carried a result: how much got past validation.
    var viewsLaidOut = 0, results = 0
    /// JSON-RPC errors by code.
    var errorCodes: [String: Int] = [:]
    private(set) var counts: [Kind: Int] = [:]
    let folder: String
    private var saved = 0

    init(folder: String) { self.folder = folder }

    var violations: Int { counts.values.reduce(0, +) }

    /// Counts a violation, prints it, and saves the input that caused it (the first 20 of
    /// each kind).
    func record(_ kind: Kind, _ detail: String, input: [String: [UInt8]]) {
        counts[kind, default: 0] += 1
        saved += 1
        let name = "\(kind.rawValue.replacingOccurrences(of: " ", with: "-"))-\(saved)"
        guard counts[kind, default: 0] <= 20 else { return }
        print("violation (\(kind.rawValue)): \(detail.prefix(300)) → \(folder)/\(name)")
        let directory = (folder as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (file, bytes) in input {
            let path = (directory as NSString).appendingPathComponent(file)
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        }
        _ = FileManager.default.createFile(
            atPath: (directory as NSString).appendingPathComponent("WHY.txt"), contents: Data(detail.utf8))
    }

    var summary: String {
        let counted = Kind.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        return
            "workspaces: \(workspaces), messages: \(messages) (in \(sessions) server sessions), workbench run invocations: \(runs), "
            + "views laid out: \(viewsLaidOut), results: \(results), errors reported: \(errorsSeen) "
            + "(JSON-RPC by code: \(errorCodes.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(separator: ", ")))\n\(counted)"
    }
}
