import Foundation
import JSON
import JSONOutput
import NIOHTTP1

/// What the preview answers to each HTTP request, decided from the request head alone: the
/// access rules first (`PreviewAccess`), then the routes.
///
/// - `GET /` (or `/index.html`) with the token: the page, and the token as a cookie (HttpOnly,
///   SameSite=Strict) so that its style sheet and modules load without it in their URLs;
/// - `GET /<file>`: one of the page's files;
/// - `GET /workspaces`: `{"folders": [path…], "workspaces": [path…]}`: the folders given (a
///   page may `open {path: folder, watch: true}` to follow files added and removed), and the
///   workspace files to `open` — the files given, and those in the folders now;
/// - `/rpc`: only as a WebSocket upgrade (426 otherwise).
struct PreviewSite: Sendable {
    struct Response {
        var status: HTTPResponseStatus
        var contentType = "text/plain; charset=utf-8"
        var body: [UInt8]
        var headers: [(String, String)] = []
    }

    let access: PreviewAccess
    let files: PageFiles
    /// The workspace files given on the command line, folders expanded (at start).
    let workspaces: [String]
    /// The folders given on the command line (absolute): their files are listed as they are now.
    var folders: [String] = []
    let log: @Sendable (String) -> Void

    /// The workspace files to list: those given, and the folders' files as they are now (a
    /// file added since the start is listed; one removed is not). In the order given.
    var currentWorkspaces: [String] {
        let inFolders = { (path: String) in
            folders.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        var listed = workspaces.filter { !inFolders(URL(fileURLWithPath: $0).resolvingSymlinksInPath().path) }
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            listed += names.filter { !$0.hasPrefix(".") && ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) }.sorted()
                .map { folder + "/" + $0 }
        }
        return listed
    }

    func respond(to head: HTTPRequestHead) -> Response {
        let (path, query) = Self.split(head.uri)
        if let refusal = refusal(of: head, path: path, query: query) {
            log("preview: refused \(head.method) \(path): \(refusal)")
            return Response(status: .forbidden, body: Array("403 Forbidden: \(refusal)\n".utf8))
        }
        guard head.method == .GET || head.method == .HEAD else {
            return Response(
                status: .methodNotAllowed, body: Array("only GET and HEAD are served\n".utf8),
                headers: [("Allow", "GET, HEAD")])
        }
        switch path {
        case "/rpc":
            return Response(
                status: .upgradeRequired, body: Array("/rpc is a WebSocket: connect with ws://…/rpc?token=…\n".utf8),
                headers: [("Upgrade", "websocket")])
        case "/workspaces":
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("folders")
            writer.beginArray()
            for folder in folders { writer.string(folder) }
            writer.endArray()
            writer.key("workspaces")
            writer.beginArray()
            for path in currentWorkspaces { writer.string(path) }
            writer.endArray()
            writer.endObject()
            return Response(status: .ok, contentType: "application/json", body: writer.bytes)
        default:
            guard let file = files.file(forPath: path == "/index.html" ? "/" : path) else {
                return Response(status: .notFound, body: Array("no such file: \(path)\n".utf8))
            }
            var response = Response(status: .ok, contentType: file.contentType, body: file.bytes)
            if path == "/" || path == "/index.html" {
                response.headers.append(
                    ("Set-Cookie", "\(access.cookieName)=\(access.token); Path=/; HttpOnly; SameSite=Strict"))
            }
            return response
        }
    }

    /// Why a request may not be answered (nil: it may); a WebSocket upgrade also needs a fitting `Origin`.
    func refusal(of head: HTTPRequestHead, path: String, query: [String: String]) -> PreviewAccess.Refusal? {
        let host = head.headers["Host"].first
        if let refusal = access.check(host: host, query: query, cookieHeader: head.headers["Cookie"].first) {
            return refusal
        }
        guard head.headers["Upgrade"].first?.lowercased() == "websocket" || path == "/rpc", let host else { return nil }
        return access.checkOrigin(head.headers["Origin"].first, host: host)
    }

    /// The path and the percent-decoded query parameters of a request target.
    static func split(_ uri: String) -> (path: String, query: [String: String]) {
        guard let components = URLComponents(string: uri) else { return (uri, [:]) }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] where query[item.name] == nil { query[item.name] = item.value ?? "" }
        return (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath, query)
    }
}
