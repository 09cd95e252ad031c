import Foundation
import TestSupport
import Testing

/// The README and `docs/` name only commands and methods that exist, and document every one.
struct DocumentationTests {
    let workbench = BuildProducts.executable("workbench")

    /// README.md and every page under docs/, by file name.
    func documents() throws -> [String: String] {
        let root = BuildProducts.repositoryRoot
        var pages = ["README.md": try String(contentsOfFile: root + "/README.md", encoding: .utf8)]
        for name in try FileManager.default.contentsOfDirectory(atPath: root + "/docs") where name.hasSuffix(".md") {
            pages["docs/" + name] = try String(contentsOfFile: root + "/docs/" + name, encoding: .utf8)
        }
        return pages
    }

    /// The code in a Markdown text: fenced blocks and inline code spans.
    static func code(in markdown: String) -> [String] {
        var pieces: [String] = [], inFence = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence { pieces.append(String(line)); continue }
            let spans = line.split(separator: "`", omittingEmptySubsequences: false)
            pieces += stride(from: 1, to: spans.count, by: 2).map { String(spans[$0]) }
        }
        return pieces
    }

    /// The subcommands `workbench --help` lists, and the hidden children the workbench spawns.
    func subcommands() throws -> Set<String> {
        let help = try ProcessRunner.run(workbench, ["--help"]).standardOutput
        let listed = help.components(separatedBy: "SUBCOMMANDS:")[1].split(separator: "\n").compactMap {
            line -> String? in
            let words = line.split(separator: " ")
            return line.hasPrefix("  ") && !line.hasPrefix("    ") ? words.first.map(String.init) : nil
        }
        return Set(listed + ["plugin-process", "plugin-describe", "help"])
    }

    @Test func everyWorkbenchSubcommandNamedInTheDocsExists() throws {
        let known = try subcommands()
        #expect(known.isSuperset(of: ["run", "check", "serve", "plugins", "new-plugin"]))
        // A command: `workbench NAME` (or `$WB NAME`) where a command starts, or after a path.
        let pattern = try Regex(#"(?:^\s*|/|&& |\| )workbench ([a-z][a-z-]*)"#)
        var unknown: [String] = []
        for (file, text) in try documents() {
            for piece in Self.code(in: text).map({ $0.replacingOccurrences(of: "$WB ", with: "workbench ") }) {
                for match in piece.matches(of: pattern) {
                    let name = String(piece[match.output[1].range!])
                    if !known.contains(name) { unknown.append("\(file): workbench \(name)") }
                }
            }
        }
        #expect(unknown.isEmpty, "named in the docs, but not a workbench subcommand: \(unknown)")
    }

    @Test func theProtocolReferenceListsExactlyTheMethodsAndNotificationsTheServerAnnounces() throws {
        let client = try ServerClient()
        defer { _ = client.finish() }
        let result = client.request("initialize", id: 1)?["result"] as? [String: Any]
        let announced = Set(result?["methods"] as? [String] ?? [])
        let notifications = Set(result?["notifications"] as? [String] ?? [])
        #expect(announced.contains("query") && announced.contains("update"))
        #expect(notifications.contains("$/progress"))
        let reference = try documents()["docs/protocol.md"] ?? ""
        // The reference table's rows: | `method` … |, the server's own notifications apart.
        let rows = reference.split(separator: "\n").filter { $0.hasPrefix("| `") }
        func names(_ rows: [Substring]) -> Set<String> { Set(rows.map { $0.split(separator: "`")[1].description }) }
        let documented = names(rows.filter { !$0.contains("server → client") })
        let documentedNotifications = names(rows.filter { $0.contains("server → client") })
        #expect(
            documented == announced,
            "documented only: \(documented.subtracting(announced)); announced only: \(announced.subtracting(documented))"
        )
        #expect(
            documentedNotifications == notifications,
            "documented only: \(documentedNotifications.subtracting(notifications)); announced only: \(notifications.subtracting(documentedNotifications))"
        )
    }
}
