import JSON

/// `initialize` (optional) → `{capabilities, methods, name, notifications, plugins,
/// protocolVersion, serverInfo, version}`: LSP's `capabilities` and `serverInfo` beside the
/// workbench's own fields.
public struct InitializeRequest: EngineRequest {
    public typealias Response = InitializeResponse
    public static let method = "initialize"
    /// The position encodings the client offers (`capabilities.general.positionEncodings`).
    public var positionEncodings: [String]

    public init(positionEncodings: [String] = []) { self.positionEncodings = positionEncodings }

    public init(json params: JSONValue) {
        var offered: [String] = []
        if case .array(let encodings)? = params["capabilities"]?["general"]?["positionEncodings"] {
            offered = encodings.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        positionEncodings = offered
    }
}

/// What `initialize` answers.
public struct InitializeResponse: EngineResponse {
    public static let refusesNonFiniteNumbers = false
    /// LSP's server capabilities.
    public var capabilities: JSONValue
    /// Every method's name, then every notification's.
    public var methods: [String]
    public var notifications: [String]
    public var plugins: [PluginListing]
    public var protocolVersion: String
    public var serverVersion: String

    public init(
        capabilities: JSONValue, methods: [String], notifications: [String], plugins: [PluginListing],
        protocolVersion: String, serverVersion: String
    ) {
        self.capabilities = capabilities
        self.methods = methods
        self.notifications = notifications
        self.plugins = plugins
        self.protocolVersion = protocolVersion
        self.serverVersion = serverVersion
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("capabilities"); writer.json(capabilities)
        writer.key("methods"); writer.strings(methods)
        writer.key("name"); writer.string("workbench")
        writer.key("notifications"); writer.strings(notifications)
        writer.key("plugins"); writer.plugins(plugins)
        writer.key("protocolVersion"); writer.string(protocolVersion)
        writer.key("serverInfo")
        writer.json(.object([("name", .string("workbench")), ("version", .string(serverVersion))]))
        writer.key("version"); writer.string(serverVersion)
        writer.endObject()
    }
}
