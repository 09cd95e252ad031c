import BenchmarkReport
import Foundation

/// `workbench preview`'s WebSocket as a plain client over a blocking TCP socket: the upgrade,
/// masked text frames out, whole messages in — nothing between a round trip and the clock.
final class PreviewSocket {
    private let socket: Int32
    private var buffered: [UInt8] = []
    /// Where the unread bytes of `buffered` start.
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// Connects to 127.0.0.1:`port` and upgrades to the WebSocket at `/rpc` with `token`;
    /// reads give up after `timeout` seconds.
    init(port: Int, token: String, timeout: Int = 30) throws {
        signal(SIGPIPE, SIG_IGN)
        socket = makeStreamSocket()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Mismatch(description: "preview: cannot connect to port \(port)")
        }
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let request =
            "GET /rpc?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try write(Array(request.utf8))
        let head = String(decoding: try readHead(), as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else {
            throw Mismatch(description: "preview: the upgrade was answered '\(head.prefix(80))'")
        }
    }

    deinit { close(socket) }

    /// Sends `text` as one masked text frame.
    func sendText(_ text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(frame)
    }

    /// The next whole message's payload (fragments joined).
    func receive() throws -> [UInt8] {
        var payload: [UInt8] = []
        while true {
            let header = try read(2)
            var length = Int(header[1] & 0x7f)
            if length == 126 { length = try read(2).reduce(0) { $0 << 8 | Int($1) } }
            if length == 127 { length = try read(8).reduce(0) { $0 << 8 | Int($1) } }
            payload += try read(length)
            if header[0] & 0x80 != 0 { return payload }
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Mismatch(description: "preview: the connection is gone") }
            offset += written
        }
    }

    /// Reads more of the stream into `buffered`.
    private func fill() throws {
        if start > 0 {
            buffered.removeSubrange(..<start)
            start = 0
        }
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count < 0 && errno == EINTR { return }
        guard count > 0 else {
            throw Mismatch(description: count == 0 ? "preview: the connection closed" : "preview: timed out reading")
        }
        buffered += chunk[..<count]
    }

    private func read(_ count: Int) throws -> ArraySlice<UInt8> {
        while buffered.count - start < count { try fill() }
        defer { start += count }
        return buffered[start..<(start + count)]
    }

    /// The HTTP response's head, up to the blank line (taken off the stream).
    private func readHead() throws -> [UInt8] {
        let blankLine = Array("\r\n\r\n".utf8)
        while true {
            if let range = buffered[start...].firstRange(of: blankLine) {
                defer { start = range.upperBound }
                return Array(buffered[start..<range.lowerBound])
            }
            try fill()
        }
    }
}

/// A TCP socket (the global `socket`, which the class's property hides).
private func makeStreamSocket() -> Int32 {
    #if canImport(Glibc)
        socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        socket(AF_INET, SOCK_STREAM, 0)
    #endif
}
