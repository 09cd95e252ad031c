import JSON

/// What the server does as a language server: the `capabilities` of `initialize`'s answer.
package enum Capabilities {
    package static func json(encoding: PositionEncoding) -> JSONValue {
        .members([
            "positionEncoding": .string(encoding.rawValue),
            // Incremental changes; open and close notifications; the text on save.
            "textDocumentSync": .members([
                "openClose": .bool(true), "change": .integer(2), "save": .members(["includeText": .bool(false)]),
            ]),
            "completionProvider": .members([
                "triggerCharacters": .array([.string(":"), .string(" "), .string("/")]),
                "resolveProvider": .bool(false),
            ]),
            "hoverProvider": .bool(true),
            "definitionProvider": .bool(true),
            "documentSymbolProvider": .bool(true),
            "codeLensProvider": .members(["resolveProvider": .bool(false)]),
            "executeCommandProvider": .members(["commands": .array([.string(OpenInPreviewCommand.name)])]),
        ])
    }
}
