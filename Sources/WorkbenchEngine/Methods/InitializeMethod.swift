import EngineProtocol
import JSONRPC
import LanguageService

/// `initialize`: LSP's `capabilities` and `serverInfo` beside the workbench's own fields. The
/// position encoding is UTF-8 when the client offers it, else UTF-16.
enum InitializeMethod: ControlMethod {
    static let serverVersion = "0.1.0"
    static let protocolVersion = "1.0"

    static func run(_ request: InitializeRequest, engine: Engine) -> InitializeResponse {
        let encoding = PositionEncoding.negotiated(from: request.positionEncodings)
        engine.documents.encoding = encoding
        return InitializeResponse(
            capabilities: Capabilities.json(encoding: encoding), methods: MethodTable.names,
            notifications: ClientNotification.names, plugins: engine.plugins.registry.descriptions,
            protocolVersion: protocolVersion, serverVersion: serverVersion)
    }
}
