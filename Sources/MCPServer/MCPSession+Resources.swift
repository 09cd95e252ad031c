import EngineProtocol
import Foundation
import JSON
import JSONRPC
import WorkbenchEngine

extension MCPSession {
    /// One readable resource: an open workspace's file (or its text, when it was opened from
    /// text) or one of its data files.
    struct Resource: Equatable {
        var uri: String
        var name: String
        var title: String
        var mimeType: String
        /// The workspace it belongs to.
        var workspace: String
        /// The file to read; nil for a workspace opened from text (its `text` is served).
        var path: String?
        /// The text of a workspace opened from text, as the engine holds it.
        var text: String?

        var listing: JSONValue {
            ["uri": .string(uri), "name": .string(name), "title": .string(title), "mimeType": .string(mimeType)]
        }
    }

    /// The open workspaces (`workspaces`, by name) and their data files, by workspace, then file.
    func resourceList() throws(RPCError) -> [Resource] {
        var resources: [Resource] = []
        for workspace in try client.send(WorkspacesRequest()).get().workspaces {
            let name = workspace.workspace, file = workspace.file
            if FileManager.default.fileExists(atPath: file) {
                resources.append(
                    Resource(
                        uri: Self.fileURI(file), name: (file as NSString).lastPathComponent,
                        title: "workspace \(name)", mimeType: "application/yaml", workspace: name, path: file))
            } else {
                resources.append(
                    Resource(
                        uri: "workbench://workspaces/\(Self.escaped(name))", name: name,
                        title: "workspace \(name) (opened from text)", mimeType: "application/yaml", workspace: name,
                        text: workspace.text))
            }
            for path in workspace.dataFiles {
                resources.append(
                    Resource(
                        uri: Self.fileURI(path), name: (path as NSString).lastPathComponent,
                        title: "data of workspace \(name)", mimeType: Self.mimeType(of: path), workspace: name,
                        path: path))
            }
        }
        return resources
    }

    /// `resources/read {uri}`: only the resources listed can be read.
    func readResource(_ uri: String) throws(RPCError) -> JSONValue {
        guard let resource = try resourceList().first(where: { $0.uri == uri }) else {
            throw Self.resourceNotFound(uri)
        }
        let text: String
        if let path = resource.path {
            guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw .internalError("cannot read \(path) as UTF-8 text")
            }
            text = contents
        } else {
            text = resource.text ?? ""
        }
        return ["contents": [["uri": .string(uri), "mimeType": .string(resource.mimeType), "text": .string(text)]]]
    }

    /// After workspace `name` changed on disk: `notifications/resources/updated` for each of its
    /// subscribed resources, and `list_changed` (its data files may be others now).
    func workspaceFilesChanged(_ name: String) {
        let subscribed = withState { $0.subscriptions }
        for resource in (try? resourceList()) ?? []
        where resource.workspace == name && subscribed.contains(resource.uri) {
            notify("notifications/resources/updated", ["uri": .string(resource.uri)])
        }
        notify("notifications/resources/list_changed", [:])
    }

    static func fileURI(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
            ?? text
    }

    private static func mimeType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "csv": return "text/csv"
        case "json": return "application/json"
        default: return "application/yaml"
        }
    }
}
