import Foundation

/// JSON-RPC traffic for one server session: valid requests on the open views, and hostile
/// messages — broken JSON, wrong types, odd ids, `params: null`, deep nesting, batches,
/// cancellations, numbers at the edges — each with the answer the protocol demands.
struct MessageGenerator {
    /// What the server must send back for a message.
    enum Expectation {
        /// Nothing (a notification, valid or not).
        case none
        /// One reply carrying exactly this id token; `view` when it is a request on a view.
        case reply(id: String, view: String?)
        /// One error reply with `"id": null` (unparseable, or an id that is not an id).
        case nullReply
        /// One array holding a reply per listed id and `nullReplies` null-id replies.
        case batch(ids: [String], nullReplies: Int)
    }

    struct Message {
        var body: [UInt8]
        var expectation: Expectation
        /// Whether it opens or closes a workspace (which ends the views' order chains).
        var changesViews = false
    }

    var random: FuzzRandom
    /// The view ids the session opened (some requests go to other, unknown ones).
    var views: [String] = []
    private var nextID = 0
    private var sentIDs: [String] = []

    init(random: FuzzRandom) { self.random = random }

    /// A fresh id token: plain, fractional, beyond 2^53, exponent, or a string.
    mutating func id() -> String {
        nextID += 1
        let token: String
        switch random.int(0...5) {
        case 0: token = "\(nextID).50"
        case 1: token = "\(9_007_199_254_740_993 + 4 * nextID)"
        case 2: token = "\(nextID)e0"
        case 3: token = "\"s\(nextID)\""
        default: token = "\(nextID)"
        }
        sentIDs.append(token)
        return token
    }

    mutating func request(_ method: String, _ params: String?, view: String? = nil) -> Message {
        let id = id()
        let paramsText = params.map { ",\"params\":\($0)" } ?? ""
        return Message(
            body: Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\"\(paramsText)}".utf8),
            expectation: .reply(id: id, view: view))
    }

    /// Opens a workspace text (its data files already written under `directory`).
    mutating func open(_ text: [UInt8], directory: String) -> Message {
        let escaped = String(
            decoding: try! JSONSerialization.data(withJSONObject: [String(decoding: text, as: UTF8.self)]),
            as: UTF8.self)
        var message = request("open", "{\"text\":\(escaped.dropFirst().dropLast()),\"directory\":\"\(directory)\"}")
        message.changesViews = true
        return message
    }

    private mutating func number() -> String { EdgeNumbers.json(&random) }

    private mutating func view() -> String {
        views.isEmpty || random.chance(0.05) ? "nowhere/v" : random.pick(views)
    }

    private mutating func rect() -> String {
        "{\"x\":\(number()),\"y\":\(number()),\"width\":\(random.chance(0.6) ? String(random.int(0...2000)) : number()),\"height\":\(random.chance(0.6) ? String(random.int(0...2000)) : number())}"
    }

    /// One message of the traffic.
    mutating func next() -> Message {
        let view = view()
        let quoted = "\"\(view)\""
        switch random.int(0...29) {
        case 0...5: return request("query", "{\"view\":\(quoted),\"rect\":\(rect())}", view: view)
        case 6, 7:
            let category = random.pick([
                "\"cell\"", "\"supplementary\",\"kind\":\"connector\"", "\"decoration\",\"kind\":\"separator\"",
                "\"nope\"",
            ])
            return request(
                "query",
                "{\"view\":\(quoted),\"element\":{\"category\":\(category),\"section\":\(number()),\"item\":\(number())}}",
                view: view)
        case 8, 9: return request("prepare", "{\"view\":\(quoted)}", view: view)
        case 10, 11:
            let bounds = random.chance(0.8) ? ",\"bounds\":\(rect())" : ""
            return request("invalidate", "{\"view\":\(quoted)\(bounds)}", view: view)
        case 12, 13:
            return request(
                "targetContentOffset",
                "{\"view\":\(quoted),\"proposed\":{\"x\":\(number()),\"y\":\(number())},\"velocity\":{\"x\":\(number()),\"y\":\(number())}}",
                view: view)
        case 14:
            let target = sentIDs.isEmpty ? "0" : random.pick(sentIDs.suffix(4))
            return Message(
                body: Array("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":\(target)}}".utf8),
                expectation: .none)
        case 15: return request(random.pick(["plugins", "initialize"]), random.pick([nil, "null", "{}"]))
        case 16: return request(random.pick(["frobnicate", "Query", ""]), nil)
        case 17:
            return request(
                "query",
                random.pick([
                    "[1,2]", "3", "\"x\"", "{\"view\":3,\"rect\":{}}", "{\"view\":\(quoted),\"rect\":{\"x\":\"a\"}}",
                ]), view: nil)
        case 18: return hostileID()
        case 19:
            return Message(
                body: Array(
                    random.pick(["{not json}", "{\"a\":", "[1,", "nul", "\"\\ud800\"", "{\"id\":1e400}", "{}}"]).utf8),
                expectation: .nullReply)
        case 20: return Message(body: Array(String(repeating: "[", count: 300).utf8), expectation: .nullReply)
        case 21: return batch()
        case 22:
            return Message(
                body: Array(
                    "{\"jsonrpc\":\"2.0\",\"method\":\"\(random.pick(["query", "nope", "plugins"]))\",\"params\":\(random.pick(["null", "[]", "{}"]))}"
                        .utf8), expectation: .none)
        case 23: return mutated(request("query", "{\"view\":\(quoted),\"rect\":\(rect())}", view: view))
        case 24: return request("close", "{\"workspace\":\(random.chance(0.5) ? "\"nowhere\"" : "3")}")
        case 25:
            let size =
                "{\"width\":\(number()),\"height\":\(random.chance(0.7) ? String(random.int(0...400)) : number())}"
            let element =
                "{\"category\":\"cell\",\"section\":\(random.chance(0.8) ? "0" : number()),\"item\":\(random.chance(0.7) ? String(random.int(0...20)) : number())}"
            return request(
                "preferredSizes", "{\"view\":\(quoted),\"sizes\":[{\"element\":\(element),\"size\":\(size)}]}",
                view: view)
        default:
            return request(
                "query",
                "{\"view\":\(quoted),\"rect\":{\"x\":0,\"y\":0,\"width\":\(random.int(0...1000)),\"height\":\(random.int(0...1000))}}",
                view: view)
        }
    }

    /// Ids that are not ids, and requests broken in other ways around a good id.
    private mutating func hostileID() -> Message {
        switch random.int(0...4) {
        case 0:
            return Message(
                body: Array(
                    "{\"jsonrpc\":\"2.0\",\"id\":\(random.pick(["null", "true", "{}", "[1]"])),\"method\":\"plugins\"}"
                        .utf8), expectation: .nullReply)
        case 1:
            let id = id()
            return Message(
                body: Array("{\"id\":\(id),\"method\":\"plugins\"}".utf8), expectation: .reply(id: id, view: nil))
        case 2:
            let id = id()
            return Message(
                body: Array("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":3}".utf8),
                expectation: .reply(id: id, view: nil))
        case 3: return Message(body: Array("[]".utf8), expectation: .nullReply)
        default:
            return Message(body: Array("\(random.pick(["1", "\"x\"", "true", "null"]))".utf8), expectation: .nullReply)
        }
    }

    /// A batch of up to five messages, notifications and broken members included.
    private mutating func batch() -> Message {
        var bodies: [String] = [], ids: [String] = [], nullReplies = 0
        for _ in 0..<random.int(1...5) {
            switch random.int(0...4) {
            case 0:
                bodies.append("{\"jsonrpc\":\"2.0\",\"method\":\"plugins\"}")
            case 1:
                bodies.append(random.pick(["1", "\"x\"", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"plugins\"}"]))
                nullReplies += 1
            default:
                let id = id()
                let method = random.pick(["plugins", "nope", "prepare"])
                bodies.append(
                    "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":{\"view\":\"\(view())\"}}")
                ids.append(id)
            }
        }
        return Message(
            body: Array("[\(bodies.joined(separator: ","))]".utf8),
            expectation: .batch(ids: ids, nullReplies: nullReplies))
    }

    /// The message with damaged bytes, when the damage makes it unparseable (then the only
    /// right answer is one parse error); otherwise the message as it was.
    private mutating func mutated(_ message: Message) -> Message {
        var bytes = ByteMutator.mutate(message.body, &random).map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        bytes = Array(bytes.drop { $0 == 0x20 || $0 == 0x09 })
        guard !bytes.isEmpty,
            (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil
        else { return message }
        return Message(body: bytes, expectation: .nullReply)
    }
}
