import JSON
import JSONRPC

extension MCPSession {
    /// MCP's log levels, lowest first (`logging/setLevel`, `notifications/message`).
    static let logLevels = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]

    /// The one switch over the requests answered with a value (`tools/call` runs as a
    /// `ToolCall`). Before `initialize` only `initialize` and `ping` are answered.
    func handleRequest(_ request: RPCRequest) throws(RPCError) -> JSONValue {
        let params = request.params
        if !initialized && request.method != "initialize" && request.method != "ping" {
            throw .invalidRequest("send 'initialize' first")
        }
        switch request.method {
        case "initialize": return try initialize(params)
        case "ping": return [:]
        case "tools/list": return ["tools": .array(ToolTable.tools.map(ToolTable.listing))]
        case "resources/list": return ["resources": .array(try resourceList().map(\.listing))]
        case "resources/templates/list": return ["resourceTemplates": []]
        case "resources/read": return try readResource(try uri(params))
        case "resources/subscribe":
            let uri = try uri(params)
            guard try resourceList().contains(where: { $0.uri == uri }) else { throw Self.resourceNotFound(uri) }
            withState { _ = $0.subscriptions.insert(uri) }
            return [:]
        case "resources/unsubscribe":
            let uri = try uri(params)
            withState { _ = $0.subscriptions.remove(uri) }
            return [:]
        case "logging/setLevel":
            guard case .string(let level)? = params["level"], let index = Self.logLevels.firstIndex(of: level) else {
                throw .invalidParams("params.level: expected one of \(Self.logLevels.joined(separator: ", "))")
            }
            withState { $0.logLevel = index }
            return [:]
        default:
            throw .methodNotFound(request.method)
        }
    }

    func handleNotification(_ notification: RPCRequest) {
        switch notification.method {
        case "notifications/cancelled":
            switch notification.params["requestId"] {
            case .number(let number)?: cancel(.number(number))
            case .string(let string)?: cancel(.string(string))
            default: log("workbench mcp: notifications/cancelled without a usable requestId")
            }
        default:
            break  // notifications/initialized, roots changes, unknown ones: nothing to do.
        }
    }

    /// `initialize {protocolVersion, capabilities, clientInfo}`: the version asked for if it
    /// is spoken here, else the newest one spoken (the client then decides).
    private func initialize(_ params: JSONValue) throws(RPCError) -> JSONValue {
        guard case .string(let asked)? = params["protocolVersion"] else {
            throw .invalidParams("params.protocolVersion: expected a string such as \"\(Self.protocolVersions[0])\"")
        }
        initialized = true
        let version = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
        return [
            "protocolVersion": .string(version),
            "capabilities": [
                "tools": ["listChanged": false],
                "resources": ["subscribe": true, "listChanged": true],
                "logging": [:],
            ],
            "serverInfo": ["name": "workbench", "title": "Layout Workbench", "version": .string(Self.serverVersion)],
            "instructions": """
            Layout Workbench: collection-view layouts computed by run-time plugins. Open a workspace \
            (open_workspace), then lay out a view and look at it (layout_view returns its elements, a PNG \
            of a rect and a summary), change its data (update_view), check it against the layout \
            contract (check_view). list_plugins tells the layouts and their options; new_plugin writes \
            a plugin package to start from; reload_plugins loads rebuilt ones.
            """,
        ]
    }

    private func uri(_ params: JSONValue) throws(RPCError) -> String {
        guard case .string(let uri)? = params["uri"] else { throw .invalidParams("params.uri: expected a string") }
        return uri
    }

    /// MCP's error for an unknown resource.
    static func resourceNotFound(_ uri: String) -> RPCError {
        RPCError(code: -32002, message: "resource not found: \(uri)", data: ["uri": .string(uri)])
    }
}
