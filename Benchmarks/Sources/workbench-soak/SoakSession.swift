import Foundation
import SeededRandom
import ServeClient

/// Drives one server through the editor-like cycle: open a workspace; prepare its views
/// (cancelling some prepares); scroll each view with bounds changes and rect queries, element
/// queries and single-view batches; mix in errors and malformed messages; invalidate whole
/// views; close the workspace. Requests are pipelined within each step, as an editor does.
struct SoakSession {
    let server: ServeClient
    let ledger: ReplyLedger
    /// Scroll steps per view and cycle.
    var scrollSteps = 300
    /// How long a step may wait for its replies before they count as lost.
    var replyTimeout: TimeInterval = 300
    private var nextID = 1
    private var random: SplitMix64

    init(server: ServeClient, ledger: ReplyLedger, seed: UInt64) {
        self.server = server
        self.ledger = ledger
        random = SplitMix64(seed: seed)
    }

    /// Sends one request; returns its id.
    @discardableResult
    mutating func send(
        _ method: String, _ params: String? = nil, expecting expectation: Expectation, view: String? = nil
    ) -> Int {
        let id = take()
        ledger.expect(id, expectation, view: view)
        server.send(Self.request(id, method, params))
        return id
    }

    mutating func notify(_ method: String, _ params: String) {
        server.send(Array(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#.utf8))
    }

    /// Waits for every reply so far; false if some were lost.
    func settle() -> Bool { ledger.waitForAll(timeout: replyTimeout) }

    /// One cycle over the workspace at `path`; false if replies were lost.
    mutating func cycle(workspace path: String) -> Bool {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        send("open", #"{"path":\#(Self.quoted(path))}"#, expecting: .open)
        guard settle() else { return false }
        let views = ledger.views(of: name)
        for view in views {
            let cancelled = random.next(in: 0...3) == 0
            let id = send(
                "prepare", #"{"view":\#(Self.quoted(view))}"#, expecting: .prepare(cancellable: cancelled), view: view)
            if cancelled { notify("$/cancelRequest", #"{"id":\#(id)}"#) }
        }
        guard settle() else { return false }
        for view in views { scroll(view) }
        guard settle() else { return false }
        if let view = views.randomElement(using: &random) {
            send("invalidate", #"{"view":\#(Self.quoted(view))}"#, expecting: .invalidate, view: view)
            let id = send(
                "prepare", #"{"view":\#(Self.quoted(view))}"#, expecting: .prepare(cancellable: true), view: view)
            if random.next(in: 0...1) == 0 { notify("$/cancelRequest", #"{"id":\#(id)}"#) }
        }
        send("close", #"{"workspace":\#(Self.quoted(name))}"#, expecting: .null)
        if let view = views.first {
            send(
                "query", #"{"view":\#(Self.quoted(view)),"rect":{"x":0,"y":0,"width":1,"height":1}}"#,
                expecting: .error(-32003))
        }
        return settle()
    }

    /// Scrolls `view` down and right in viewport-sized steps, wrapping at its content's edge.
    private mutating func scroll(_ view: String) {
        let size = ledger.contentSize(of: view) ?? (width: 2000, height: 2000)
        let quoted = Self.quoted(view)
        let width = 375, height = 667
        let spanX = max(1, Int(min(size.width, 1e9)) - width), spanY = max(1, Int(min(size.height, 1e9)) - height)
        var x = random.next(in: 0...(spanX - 1)), y = random.next(in: 0...(spanY - 1))
        for step in 0..<scrollSteps {
            x = (x + 37) % spanX
            y = (y + 211) % spanY
            let rect = #"{"x":\#(x),"y":\#(y),"width":\#(width),"height":\#(height)}"#
            let expected = Expectation.rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
            send("invalidate", #"{"view":\#(quoted),"bounds":\#(rect)}"#, expecting: .invalidate, view: view)
            if step % 50 == 25 {
                batch(view, rect: rect, expected)
            } else {
                send("query", #"{"view":\#(quoted),"rect":\#(rect)}"#, expecting: expected, view: view)
            }
            if step % 10 == 0 {
                let item = random.next(in: 0...999)
                send(
                    "query", #"{"view":\#(quoted),"element":{"category":"cell","section":0,"item":\#(item)}}"#,
                    expecting: .element, view: view)
            }
            if step % 40 == 0 { mistakes(view) }
        }
    }

    /// Three queries of one view in a batch, with a notification among them.
    private mutating func batch(_ view: String, rect: String, _ expected: Expectation) {
        let quoted = Self.quoted(view)
        var bodies: [[UInt8]] = []
        for _ in 0..<3 {
            let id = take()
            ledger.expect(id, expected, view: view)
            bodies.append(Self.request(id, "query", #"{"view":\#(quoted),"rect":\#(rect)}"#))
        }
        bodies.insert(Array(#"{"jsonrpc":"2.0","method":"initialize"}"#.utf8), at: 1)
        server.send(Array("[".utf8) + Array(bodies.joined(separator: [UInt8(ascii: ",")])) + Array("]".utf8))
    }

    /// Requests that must fail, and input that is not JSON-RPC at all.
    private mutating func mistakes(_ view: String) {
        let quoted = Self.quoted(view)
        switch random.next(in: 0...4) {
        case 0: send("scroll", #"{"view":\#(quoted)}"#, expecting: .error(-32601))
        case 1:
            send(
                "query", #"{"view":\#(quoted),"rect":{"x":0,"y":"top","width":1,"height":1}}"#,
                expecting: .error(-32602), view: view)
        case 2:
            send(
                "query", #"{"view":"nowhere/none","rect":{"x":0,"y":0,"width":1,"height":1}}"#,
                expecting: .error(-32003))
        case 3:
            ledger.expectNullIDError()
            server.send(Array(#"{"jsonrpc":"2.0","id":"#.utf8))
        default:
            ledger.expectNullIDError()
            switch server.framing {
            case .headers: server.sendRaw(Array("Content-Length: many\r\n\r\n".utf8))
            case .lines: server.sendRaw(Array("{not json at all\n".utf8))
            }
        }
    }

    private mutating func take() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    static func request(_ id: Int, _ method: String, _ params: String?) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(params.map { #","params":\#($0)"# } ?? "")}"#.utf8)
    }

    /// A JSON string for a path or id (which hold no quotes or backslashes here).
    static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
