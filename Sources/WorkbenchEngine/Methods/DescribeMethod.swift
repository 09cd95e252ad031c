import EngineProtocol
import JSONRPC
import Sessions

/// `describe`: the view's bounds, direction and layout as its requests have left them.
enum DescribeMethod: ViewMethod {
    static let isQuick = true

    static func run(_ request: DescribeRequest, session: ViewSession) -> DescribeResponse {
        DescribeResponse(bounds: session.bounds, direction: session.direction, layout: session.view.layout)
    }
}
