import EngineProtocol
import Foundation
import WorkbenchEngine

extension MCPSession {
    /// Opens workspace files before the client comes (`workbench mcp PATH…`), watched; a
    /// broken one is logged and left out.
    public func open(_ paths: [String]) {
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            if case .failure(let error) = client.send(OpenRequest(.path(absolute), watch: true)) {
                log("workbench mcp: \(ToolError(error).text)")
            }
        }
    }
}
