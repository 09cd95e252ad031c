import Foundation
import JSON

/// What a reply to one request must look like.
enum Expectation: Sendable {
    /// `open`: `{workspace, views: [{id, …}]}`.
    case open
    /// `prepare`: `{contentSize: {width, height}, …}`, or -32800 if it may have been cancelled.
    case prepare(cancellable: Bool)
    /// `query {rect}`: `{elements: […]}`, every element's frame intersecting the rect.
    case rect(x: Double, y: Double, width: Double, height: Double)
    /// `query {element}`: `{element: {…} or null}`.
    case element
    /// `invalidate`: `{invalidated: true or false}`.
    case invalidate
    /// `close`, `shutdown`: `null`.
    case null
    /// Any result (`initialize`, `plugins`), or any error.
    case anything
    /// An error with this code.
    case error(Int)
}

/// Every request sent and not yet answered, checked against each reply as it comes: answered
/// exactly once, in order per view, of the right shape. Replies without an id (to malformed
/// input) are counted against the malformed messages sent.
final class ReplyLedger: @unchecked Sendable {
    // Unchecked: all fields under `condition`, which `waitForAll` waits on with a deadline.
    private struct Pending {
        let expectation: Expectation
        let view: String?
    }

    private let condition = NSCondition()
    private var pending: [Int: Pending] = [:]
    private var lastAnsweredByView: [String: Int] = [:]
    private var nullIDRepliesOwed = 0
    /// Set when the server's output ended: nothing more will be answered.
    private var hasOutputEnded = false
    private(set) var sent = 0
    private(set) var replies = 0
    private(set) var failures: [String] = []
    private var failureCount = 0
    /// The views each `open` reply named, and each view's content size from `prepare`.
    private var viewsByWorkspace: [String: [String]] = [:]
    private var contentSizes: [String: (width: Double, height: Double)] = [:]

    func expect(_ id: Int, _ expectation: Expectation, view: String? = nil) {
        condition.withLock {
            sent += 1
            pending[id] = Pending(expectation: expectation, view: view)
        }
    }

    /// Counts a malformed message sent: one error reply with a null id is owed.
    func expectNullIDError() {
        condition.withLock {
            sent += 1
            nullIDRepliesOwed += 1
        }
    }

    /// The server's output ended (it exited or crashed): a wait for replies ends at once.
    func outputEnded() {
        condition.withLock {
            hasOutputEnded = true
            condition.broadcast()
        }
    }

    /// Waits until every request is answered; false on timeout, or when the server's output
    /// ends first.
    func waitForAll(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !pending.isEmpty || nullIDRepliesOwed > 0 {
            let unanswered =
                "\(pending.count) requests and \(max(0, nullIDRepliesOwed)) malformed messages unanswered"
            if hasOutputEnded {
                fail("\(unanswered) when the server's output ended; ids \(pending.keys.sorted().prefix(8))")
            } else if !condition.wait(until: deadline) {
                fail("\(unanswered) after \(Int(timeout)) s; ids \(pending.keys.sorted().prefix(8))")
            } else {
                continue
            }
            pending = [:]
            nullIDRepliesOwed = 0
            return false
        }
        return true
    }

    var failureTotal: Int { condition.withLock { failureCount } }
    var firstFailures: [String] { condition.withLock { failures } }
    var counts: (sent: Int, replies: Int) { condition.withLock { (sent, replies) } }

    func views(of workspace: String) -> [String] { condition.withLock { viewsByWorkspace[workspace] ?? [] } }
    func contentSize(of view: String) -> (width: Double, height: Double)? { condition.withLock { contentSizes[view] } }

    /// Takes one message from the server: a reply, a batch of them, or nil for unreadable bytes.
    func receive(_ message: JSONValue?) {
        condition.withLock {
            switch message {
            case .array(let batch): batch.forEach(check)
            case .some(let reply): check(reply)
            case nil: fail("the server wrote bytes that are not a framed JSON message")
            }
            condition.broadcast()
        }
    }

    private func check(_ reply: JSONValue) {
        replies += 1
        guard reply["jsonrpc"] == .string("2.0") else { return fail("a reply without \"jsonrpc\":\"2.0\": \(reply)") }
        guard case .number(let number)? = reply["id"], let id = Int(exactly: number) else {
            guard reply["id"] == .null, reply["error"]?["code"] == .number(-32700) else {
                return fail("a reply with no request id: \(reply)")
            }
            nullIDRepliesOwed -= 1
            if nullIDRepliesOwed < 0 { fail("more parse-error replies than malformed messages sent") }
            return
        }
        guard let request = pending.removeValue(forKey: id) else {
            return fail("reply \(id) answers nothing pending (duplicated or unknown)")
        }
        if let view = request.view {
            if let last = lastAnsweredByView[view], last > id {
                fail("view \(view): reply \(id) came after reply \(last)")
            }
            lastAnsweredByView[view] = id
        }
        if let problem = shapeProblem(reply, request) { fail("reply \(id): \(problem)") }
    }

    /// What is wrong with `reply` for `request`, or nil.
    private func shapeProblem(_ reply: JSONValue, _ request: Pending) -> String? {
        let result = reply["result"], code = reply["error"]?["code"]
        switch request.expectation {
        case .anything:
            return result != nil || code != nil ? nil : "neither result nor error"
        case .error(let expected):
            return code == .number(Double(expected)) ? nil : "expected error \(expected), got \(reply)"
        case .null:
            return result == .null ? nil : "expected null, got \(reply)"
        case .invalidate:
            if case .bool? = result?["invalidated"] { return nil }
            return "expected {invalidated}, got \(reply)"
        case .element:
            if result?["element"] == .null { return nil }
            if case .object? = result?["element"] { return nil }
            return "expected {element}, got \(reply)"
        case .open:
            guard case .string(let workspace)? = result?["workspace"], case .array(let views)? = result?["views"] else {
                return "expected {workspace, views}, got \(reply)"
            }
            viewsByWorkspace[workspace] = views.compactMap { if case .string(let id)? = $0["id"] { id } else { nil } }
            return nil
        case .prepare(let cancellable):
            if cancellable, code == .number(-32800) { return nil }
            guard case .number(let width)? = result?["contentSize"]?["width"],
                case .number(let height)? = result?["contentSize"]?["height"]
            else {
                return "expected {contentSize}, got \(reply)"
            }
            if let view = request.view { contentSizes[view] = (width, height) }
            return nil
        case .rect(let x, let y, let width, let height):
            guard case .array(let elements)? = result?["elements"] else { return "expected {elements}, got \(reply)" }
            for element in elements {
                guard case .number(let fx)? = element["frame"]?["x"], case .number(let fy)? = element["frame"]?["y"],
                    case .number(let fw)? = element["frame"]?["width"],
                    case .number(let fh)? = element["frame"]?["height"]
                else {
                    return "an element without a frame: \(element)"
                }
                guard fx < x + width, x < fx + fw, fy < y + height, y < fy + fh else {
                    return "element \(element) does not intersect the rect \(x),\(y) \(width)×\(height)"
                }
            }
            return nil
        }
    }

    private func fail(_ message: String) {
        failureCount += 1
        if failures.count < 20 { failures.append(message.count > 300 ? message.prefix(300) + "…" : message) }
    }
}
