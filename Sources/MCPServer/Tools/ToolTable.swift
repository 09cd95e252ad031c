import JSON

/// A tool: its name, what it does, its arguments' and answer's JSON Schemas, and its work.
protocol Tool: Sendable {
    static var name: String { get }
    static var description: String { get }
    /// `properties` of the input schema (an object schema each).
    static var properties: JSONValue { get }
    static var required: [String] { get }
    static var outputSchema: JSONValue { get }
    static func run(_ arguments: Arguments, _ call: ToolCall) throws(ToolError) -> ToolResult
}

extension Tool {
    static var required: [String] { [] }
    /// The argument names `properties` declares.
    static var parameters: [String] {
        if case .object(let members) = properties { return members.map(\.key) }
        return []
    }
}

/// Every tool, in `tools/list` order.
enum ToolTable {
    static let tools: [any Tool.Type] = [
        ListPluginsTool.self, OpenWorkspaceTool.self, LayoutViewTool.self, ElementTool.self,
        UpdateViewTool.self, CheckViewTool.self, NewPluginTool.self, ReloadPluginsTool.self,
    ]

    static func tool(named name: String) -> (any Tool.Type)? { tools.first { $0.name == name } }

    /// The tool as `tools/list` shows it.
    static func listing(_ tool: any Tool.Type) -> JSONValue {
        [
            "name": .string(tool.name),
            "description": .string(tool.description),
            "inputSchema": [
                "type": "object", "properties": tool.properties,
                "required": .array(tool.required.map { .string($0) }), "additionalProperties": false,
            ],
            "outputSchema": tool.outputSchema,
        ]
    }
}

/// JSON Schema pieces the tools share.
enum Schema {
    static let rect: JSONValue = [
        "type": "object", "description": "A rectangle in points.",
        "properties": [
            "x": ["type": "number"], "y": ["type": "number"], "width": ["type": "number", "minimum": 0],
            "height": ["type": "number", "minimum": 0],
        ],
        "required": ["x", "y", "width", "height"], "additionalProperties": false,
    ]
    static let size: JSONValue = [
        "type": "object", "properties": ["width": ["type": "number"], "height": ["type": "number"]],
        "required": ["width", "height"],
    ]
    static let element: JSONValue = [
        "type": "object",
        "description": "An element: cell, supplementary or decoration view (the last two with a kind).",
        "properties": [
            "category": ["type": "string", "enum": ["cell", "supplementary", "decoration"]],
            "kind": ["type": ["string", "null"]],
            "section": ["type": "integer", "minimum": 0], "item": ["type": "integer", "minimum": 0],
        ],
        "required": ["category", "section", "item"],
    ]
    /// Layout attributes as the engine answers them (plugins may add fields).
    static let attributes: JSONValue = [
        "type": "object",
        "properties": [
            "category": ["type": "string"], "kind": ["type": ["string", "null"]], "section": ["type": "integer"],
            "item": ["type": "integer"],
            "frame": rect, "zIndex": ["type": "integer"], "alpha": ["type": "number"], "hidden": ["type": "boolean"],
        ],
        "required": ["category", "section", "item", "frame"],
    ]
    static let view: JSONValue = [
        "type": "string", "description": "A view id, \"workspace/view\", as open_workspace lists them.",
    ]
    static let strings: JSONValue = ["type": "array", "items": ["type": "string"]]

    static func object(_ properties: JSONValue, required: [String]) -> JSONValue {
        ["type": "object", "properties": properties, "required": .array(required.map { .string($0) })]
    }
}
