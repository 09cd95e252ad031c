import Foundation

/// Who may use a preview server: the decisions every HTTP request and WebSocket upgrade passes
/// (no I/O here, so each rule is tested on its own).
///
/// - A request must carry the token, as `?token=…` or as the cookie the page got with it.
/// - Its `Host` must name the server by the address it listens on, or `localhost`, with its
///   port: a page of another site that a rebinding DNS answer points at this port names that
///   site in `Host`, and is refused (DNS rebinding). A server listening on a wildcard address
///   (`--host 0.0.0.0`) also takes any IP literal, which no DNS answer can stand for.
/// - A WebSocket upgrade that says where it comes from (`Origin`, which browsers always send)
///   must come from the page's own origin; clients that are not browsers send none.
public struct PreviewAccess: Sendable {
    /// Why a request is refused; the text goes into the 403 response and the log.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case missingToken
        case foreignHost(String?)
        case foreignOrigin(String)

        public var description: String {
            switch self {
            case .missingToken: "the token is missing or wrong"
            case .foreignHost(let host):
                "the Host header \(host.map { "'\($0)'" } ?? "is missing: it") does not name this server"
            case .foreignOrigin(let origin): "the Origin '\(origin)' is not this server's page"
            }
        }
    }

    public let token: String
    /// The addresses the server listens on, as given (`127.0.0.1`, `::1`, `0.0.0.0`, a name), lowercased.
    public let hosts: Set<String>
    public let port: Int

    public init(token: String, hosts: [String], port: Int) {
        self.token = token
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.port = port
    }

    /// A fresh random token: 24 bytes from the system's generator as 48 hex digits (Jupyter's size).
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The cookie that carries the token for the page's own files; its name holds the port, so
    /// two previews on one machine keep theirs apart.
    public var cookieName: String { "workbench-preview-\(port)" }

    /// Checks a request's `Host`, then its token (from `query` or `cookieHeader`).
    public func check(host hostHeader: String?, query: [String: String], cookieHeader: String?) -> Refusal? {
        guard let hostHeader, acceptsHost(hostHeader) else { return .foreignHost(hostHeader) }
        let offered = query["token"] ?? cookie(in: cookieHeader)
        guard let offered, Self.constantTimeEqual(offered, token) else { return .missingToken }
        return nil
    }

    /// Checks a WebSocket upgrade's `Origin` (after `check`): absent, or `http://` + the `Host` it was sent to.
    public func checkOrigin(_ origin: String?, host hostHeader: String) -> Refusal? {
        guard let origin else { return nil }
        return origin.lowercased() == "http://" + hostHeader.lowercased() ? nil : .foreignOrigin(origin)
    }

    /// Whether `value` (a `Host` header) is `name:port` for a name this server answers to.
    func acceptsHost(_ value: String) -> Bool {
        guard let colon = value.lastIndex(of: ":"), value[value.index(after: colon)...] == String(port) else {
            return false
        }
        var name = value[..<colon].lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || hosts.contains(name) { return true }
        let listensEverywhere = hosts.contains("0.0.0.0") || hosts.contains("::")
        return listensEverywhere && Self.isIPLiteral(name)
    }

    private func cookie(in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    static func isIPLiteral(_ name: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    /// Compares without stopping at the first difference, so timing tells nothing about the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
