import Foundation

/// A deliberately plain HTTP/1.1 and WebSocket client over a blocking TCP socket, so tests can
/// send exactly what they mean — wrong tokens, foreign `Host`s and `Origin`s, binary and
/// oversized frames — and read exactly what comes back.
public final class RawWebSocket {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    private let socket: Int32
    private var buffered: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; reads give up after `timeout` seconds, and writes after
    /// `sendTimeout` seconds when given (a peer that stopped reading), else never.
    public init(port: Int, timeout: Int = 30, sendTimeout: Int? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { close(socket); throw Failure(description: "cannot connect to port \(port)") }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        if let sendTimeout {
            var limit = timeval(tv_sec: sendTimeout, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
    }

    deinit { close(socket) }

    /// Sends a GET (a WebSocket upgrade when `upgrade`) and returns the response's status and body.
    public func get(_ target: String, host: String, headers: [String: String] = [:], upgrade: Bool = false) throws -> (
        status: Int, body: String
    ) {
        var request = "GET \(target) HTTP/1.1\r\nHost: \(host)\r\n"
        if upgrade {
            request +=
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        write(Array((request + "\r\n").utf8))
        let head = try readUntil(Array("\r\n\r\n".utf8))
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "no status line in \(lines)")
        }
        let length =
            lines.compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "content-length"
                    ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }.first ?? 0
        return (status, String(decoding: try read(length), as: UTF8.self))
    }

    /// Upgrades to a WebSocket at `/rpc` with the token; throws unless the server switches protocols.
    public func upgrade(port: Int, token: String) throws {
        let response = try get("/rpc?token=\(token)", host: "127.0.0.1:\(port)", upgrade: true)
        guard response.status == 101 else {
            throw Failure(description: "upgrade answered \(response.status): \(response.body)")
        }
    }

    /// Sends one masked frame.
    ///
    /// - Returns: whether all of it went out (false: the send timed out, or the connection is gone).
    @discardableResult
    public func send(opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> Bool {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return write(frame)
    }

    @discardableResult
    public func sendText(_ text: String) -> Bool { send(opcode: 0x1, Array(text.utf8)) }

    /// Reads and drops everything until the peer closes the connection (or a read times out).
    ///
    /// - Returns: how many bytes came, and whether the connection was closed.
    public func drain() -> (bytes: Int, closed: Bool) {
        var total = buffered.count
        buffered = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                total += count
                continue
            }
            // 0: an orderly close; ECONNRESET: closed with replies unread (also closed).
            return (total, count == 0 || errno == ECONNRESET)
        }
    }

    /// The next whole message (fragments joined): its opcode and payload; nil when the connection closed.
    public func receive() throws -> (opcode: UInt8, payload: [UInt8])? {
        var opcode: UInt8?, payload: [UInt8] = []
        while true {
            guard let header = try? read(2) else { return nil }
            var length = Int(header[1] & 0x7f)
            if length == 126 { length = try read(2).reduce(0) { $0 << 8 | Int($1) } }
            if length == 127 { length = try read(8).reduce(0) { $0 << 8 | Int($1) } }
            let part = try read(length)
            let code = header[0] & 0x0f
            if code != 0 { opcode = code }
            payload += part
            if header[0] & 0x80 != 0 { return (opcode ?? 0, payload) }
        }
    }

    /// The next text message as JSON (an object or an array).
    public func receiveJSON() throws -> Any {
        guard let message = try receive() else { throw Failure(description: "the connection closed") }
        guard message.opcode == 0x1 else {
            throw Failure(description: "expected a text message, got opcode \(message.opcode)")
        }
        return try JSONSerialization.jsonObject(with: Data(message.payload))
    }

    @discardableResult
    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: count == 0 ? "the connection closed" : "timed out reading") }
        buffered += chunk[..<count]
    }

    private func read(_ count: Int) throws -> [UInt8] {
        while buffered.count < count { try fill() }
        defer { buffered.removeFirst(count) }
        return Array(buffered[..<count])
    }

    private func readUntil(_ marker: [UInt8]) throws -> [UInt8] {
        while true {
            if let range = buffered.firstRange(of: marker) {
                defer { buffered.removeFirst(range.upperBound) }
                return Array(buffered[..<range.lowerBound])
            }
            try fill()
        }
    }
}
