import JSON
import JSONRPC
import RequestParams

/// `check {view, rects?, seed?}` → `{findings, layout, violations}`: the layout contract on the
/// view as its requests have left it (layout, options, direction, data), as `workbench check`
/// runs it — fresh layouts of its plugin, `rects` random rects (default 200) seeded by `seed`
/// (default 0), the transitions to the other layouts of its workspace, the host's anchoring.
public struct CheckRequest: ViewRequest {
    public typealias Response = CheckResponse
    public static let method = "check"
    public var view: String
    /// How many random rects to query.
    public var rectCount: Int
    /// Seeds the random rects: the same seed asks the same questions.
    public var seed: Int

    public init(view: String, rectCount: Int = 200, seed: Int = 0) {
        self.view = view
        self.rectCount = rectCount
        self.seed = seed
    }

    public init(json params: JSONValue) throws(RPCError) {
        let params = Params(params)
        view = try params.string("view")
        rectCount = params.has("rects") ? try params.integer("rects", in: 0...100_000) : 200
        seed = params.has("seed") ? try params.integer("seed", in: 0...(1 << 53)) : 0
    }
}

/// What `check` answers: each broken rule, located at the view (`file:line:column: …`).
public struct CheckResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    /// The layout checked.
    public var layout: String
    public var findings: [String]
    /// How many times a rule broke: one finding each.
    public var violations: Int

    public init(layout: String, findings: [String], violations: Int) {
        self.layout = layout
        self.findings = findings
        self.violations = violations
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("findings"); writer.strings(findings)
        writer.key("layout"); writer.string(layout)
        writer.key("violations"); writer.integer(violations)
        writer.endObject()
    }
}
