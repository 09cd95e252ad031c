import JSON
import YAMLReader

extension WorkspaceDocument {
    /// `DocumentSymbol`s: the sources and the views, each with its entries.
    func symbols(encoding: PositionEncoding) -> JSONValue {
        guard let top = root?.pairs else { return .array([]) }
        func symbol(_ pair: YAMLPair, next: YAMLPair?, kind: Int, detail: String, children: [JSONValue]?) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                ("name", .string(pair.key.scalarText ?? "")), ("detail", .string(detail)), ("kind", .integer(kind)),
                ("range", entryRange(of: pair, before: next, encoding: encoding).json),
                ("selectionRange", lines.tokenRange(at: pair.key.mark, encoding: encoding).json),
            ]
            if let children { members.append(("children", .array(children))) }
            return .object(members)
        }
        func entries(_ pairs: [YAMLPair], kind: Int, detail: (YAMLPair) -> String) -> [JSONValue] {
            pairs.indices.map { index -> JSONValue in
                let next: YAMLPair? = index + 1 < pairs.count ? pairs[index + 1] : nil
                return symbol(pairs[index], next: next, kind: kind, detail: detail(pairs[index]), children: nil)
            }
        }
        // LSP's SymbolKind: 3 namespace, 13 variable, 19 object.
        return .array(
            top.enumerated().compactMap { index, pair -> JSONValue? in
                let next = index + 1 < top.count ? top[index + 1] : nil
                switch pair.key.scalarText {
                case "sources"?:
                    let children = entries(pair.value.pairs ?? [], kind: 13) { source in
                        source.value.pairs?.first?.key.scalarText ?? "source"
                    }
                    return symbol(pair, next: next, kind: 3, detail: "\(children.count) sources", children: children)
                case "views"?:
                    let children = entries(pair.value.pairs ?? [], kind: 19) { view in
                        "\(view.value["layout"]?.scalarText ?? "?") on \(view.value["source"]?.scalarText ?? "?")"
                    }
                    return symbol(pair, next: next, kind: 3, detail: "\(children.count) views", children: children)
                default:
                    return nil
                }
            })
    }

    /// A code lens "Open in preview" on each view's key, running `workbench.openPreview`.
    func codeLenses(encoding: PositionEncoding) -> JSONValue {
        .array(
            pairs(under: "views").compactMap { pair in
                guard let name = pair.key.scalarText else { return nil }
                return .members([
                    "range": lines.tokenRange(at: pair.key.mark, encoding: encoding).json,
                    "command": .members([
                        "title": .string("Open in preview"), "command": .string(OpenInPreviewCommand.name),
                        "arguments": .array([.string(uri), .string(name)]),
                    ]),
                ])
            })
    }
}
