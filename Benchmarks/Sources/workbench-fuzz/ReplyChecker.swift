import JSON

/// Checks a session's replies against what was sent: each id answered once and exactly as
/// sent, the right number of null-id errors, batches answered whole, one view's replies in
/// the order its requests were sent, no `null` numbers, and located errors.
struct ReplyChecker {
    let findings: Findings
    let input: [String: [UInt8]]

    mutating func check(_ replies: [[UInt8]], against messages: [MessageGenerator.Message]) {
        var waiting: [String: (view: String?, sent: Int)] = [:]
        var batches: [[String]: Int] = [:]
        var expectedNulls = 0, nulls = 0
        var epoch = 0
        for (index, message) in messages.enumerated() {
            if message.changesViews { epoch += 1 }
            switch message.expectation {
            case .none: break
            case .reply(let id, let view): waiting[id] = (view.map { "\($0)#\(epoch)" }, index)
            case .nullReply: expectedNulls += 1
            case .batch(let ids, let nullCount):
                if !ids.isEmpty || nullCount > 0 { batches[ids.sorted() + ["nulls:\(nullCount)"], default: 0] += 1 }
            }
        }
        var lastSentPerView: [String: Int] = [:]
        for reply in replies {
            let text = String(decoding: reply, as: UTF8.self)
            if let key = OutputChecks.nullNumber(in: text[...]) {
                fail(.nullNumber, "'\(key)' is null in: \(text.prefix(200))")
            }
            guard let (value, tokens) = try? JSONParser.parseMessage(reply[...]) else {
                fail(.protocolViolation, "a reply is not JSON: \(text.prefix(200))")
                continue
            }
            if case .array(let members) = value {
                var ids: [String] = [], nullCount = 0
                for (position, member) in members.enumerated() {
                    checkError(member, text)
                    if let id = Self.id(member, token: tokens[position]) { ids.append(id) } else { nullCount += 1 }
                }
                let key = ids.sorted() + ["nulls:\(nullCount)"]
                if let count = batches[key], count > 0 {
                    batches[key] = count - 1
                } else {
                    fail(.protocolViolation, "an unexpected batch reply: \(text.prefix(200))")
                }
                continue
            }
            checkError(value, text)
            guard value["jsonrpc"] == .string("2.0"), (value["result"] == nil) != (value["error"] == nil) else {
                fail(.protocolViolation, "not a JSON-RPC 2.0 response: \(text.prefix(200))")
                continue
            }
            guard let id = Self.id(value, token: tokens[0]) else {
                nulls += 1
                continue
            }
            guard let request = waiting.removeValue(forKey: id) else {
                fail(.protocolViolation, "a reply for id \(id), which was never sent or was already answered")
                continue
            }
            if let view = request.view {
                if let last = lastSentPerView[view], last > request.sent {
                    fail(
                        .protocolViolation,
                        "view \(view): id \(id) (sent as message \(request.sent)) was answered after a later request (message \(last))"
                    )
                }
                lastSentPerView[view] = max(lastSentPerView[view] ?? 0, request.sent)
            }
        }
        if let (id, _) = waiting.first {
            fail(.protocolViolation, "\(waiting.count) request(s) never answered, e.g. id \(id)")
        }
        if nulls != expectedNulls {
            fail(.protocolViolation, "\(nulls) null-id errors for \(expectedNulls) unparseable or id-less messages")
        }
        if batches.values.contains(where: { $0 > 0 }) { fail(.protocolViolation, "a batch was never answered") }
    }

    /// The reply's id as its token (strings quoted), or nil for `null`.
    private static func id(_ reply: JSONValue, token: String?) -> String? {
        switch reply["id"] {
        case .string(let string)?: return "\"\(string)\""
        case .number?: return token
        default: return nil
        }
    }

    /// Workspace, plugin and layout errors must say where (`data.line`, `data.column`).
    private func checkError(_ reply: JSONValue, _ text: String) {
        if reply["result"] != nil { findings.results += 1 }
        guard case .number(let code)? = reply["error"]?["code"] else { return }
        findings.errorsSeen += 1
        findings.errorCodes[Int64(exactly: code).map(String.init) ?? "\(code)", default: 0] += 1
        guard [-32001, -32002, -32004].contains(code) else { return }
        let data = reply["error"]?["data"]
        guard case .number? = data?["line"], case .number? = data?["column"] else {
            return fail(
                .unlocatedError,
                "error \(Int64(exactly: code).map(String.init) ?? "\(code)") without line and column: \(text.prefix(300))"
            )
        }
    }

    private func fail(_ kind: Findings.Kind, _ detail: String) {
        findings.record(kind, detail, input: input)
    }
}
