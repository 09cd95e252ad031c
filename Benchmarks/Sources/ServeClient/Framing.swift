/// How messages are delimited on `workbench serve`'s standard input and output: one JSON text
/// per line, or the LSP base protocol (`Content-Length: N`, a blank line, N bytes). The server
/// answers in the framing its first message came in.
public enum Framing: Equatable, Sendable {
    case lines
    case headers

    /// `body` framed as one message.
    public func frame(_ body: [UInt8]) -> [UInt8] {
        switch self {
        case .lines: return body + [UInt8(ascii: "\n")]
        case .headers: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
    }
}
