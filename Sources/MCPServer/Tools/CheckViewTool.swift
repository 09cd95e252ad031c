import EngineProtocol
import JSON

/// `check_view {view, rects?, seed?}`: the layout contract on one open view, through the
/// engine's `check`: as `workbench check` runs it, fresh layouts of the view's plugin, options
/// and data (as the view's earlier calls left them).
enum CheckViewTool: Tool {
    static let name = "check_view"
    static let description = """
        Check a view's layout against the layout contract, as workbench check does: rect queries against a brute-force \
        filter, canonical order, element queries, determinism, bounds changes, target offsets, transition attributes. \
        Returns each broken rule located at the view (file:line:column), or passed: true.
        """
    static let properties: JSONValue = [
        "view": Schema.view,
        "rects": [
            "type": "integer", "minimum": 0, "maximum": 100_000,
            "description": "How many random rects to query (default 200).",
        ],
        "seed": ["type": "integer", "minimum": 0, "description": "Seeds the random rects (default 0)."],
    ]
    static let required = ["view"]
    static let outputSchema = Schema.object(
        [
            "view": ["type": "string"], "passed": ["type": "boolean"], "violations": ["type": "integer"],
            "findings": Schema.strings,
        ], required: ["view", "passed", "violations", "findings"])

    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult {
        let id = try arguments.string("view")
        let rects = try arguments.integer("rects", in: 0...100_000, default: 200)
        let seed = try arguments.integer("seed", in: 0...(1 << 53), default: 0)
        let report = try call.engine(CheckRequest(view: id, rectCount: rects, seed: seed))
        let passed = report.violations == 0
        let summary =
            passed
            ? "View \(id) (\(report.layout)) keeps the layout contract (\(rects) random rects, seed \(seed))."
            : "View \(id) (\(report.layout)) breaks the layout contract \(report.violations) time(s):\n"
                + report.findings.joined(separator: "\n")
        return ToolResult(
            structured: [
                "view": .string(id), "passed": .bool(passed), "violations": .number(Double(report.violations)),
                "findings": .array(report.findings.map { .string($0) }),
            ], summary: summary)
    }
}
