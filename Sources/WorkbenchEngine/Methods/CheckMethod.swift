import ContractCheck
import EngineProtocol
import JSONRPC
import LayoutChecker
import Sessions

/// `check`: the layout contract on the view as its requests have left it, as `workbench check`
/// runs it (`ViewChecker`), each prepare limited by the engine's timeout. The view's own layout
/// is not touched: the check makes fresh ones. A view that cannot be checked at all (a fresh
/// layout refuses its options or data) is a located layout error (-32004).
enum CheckMethod: ViewMethod {
    static let isQuick = false

    static func run(_ request: CheckRequest, session: ViewSession) throws(RPCError) -> CheckResponse {
        var checker = ViewChecker(
            plugins: session.plugins, checker: ContractChecker(rectCount: request.rectCount, seed: UInt64(request.seed))
        )
        checker.timeout = session.timeout
        let report = checker.check(session)
        if let failure = report.failure { throw RPCError(ViewSessionError(.layout, failure)) }
        return CheckResponse(layout: session.view.layout, findings: report.findings, violations: report.violations)
    }
}
