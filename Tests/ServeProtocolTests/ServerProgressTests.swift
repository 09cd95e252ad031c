import Foundation
import TestSupport
import Testing

/// `$/progress` for requests that carry a `workDoneToken`, through the engine in process (`EngineSession`).
struct ServerProgressTests {
    /// The `$/progress` values sent for `token`, and the position of each among all messages.
    static func progress(_ messages: [Any], token: AnyHashable) -> [(index: Int, value: [String: Any])] {
        messages.enumerated().compactMap { index, message in
            guard let message = message as? [String: Any], message["method"] as? String == "$/progress",
                let params = message["params"] as? [String: Any], params["token"] as? AnyHashable == token,
                let value = params["value"] as? [String: Any]
            else { return nil }
            return (index, value)
        }
    }

    static func responseIndex(_ messages: [Any], id: Int) -> Int? {
        messages.firstIndex { ($0 as? [String: Any])?["id"] as? Int == id }
    }

    /// begin, then reports of rising whole percentages within 0…100, then end — all before the response.
    static func expectWellFormed(_ client: EngineSession, token: AnyHashable, id: Int, title: String, reports: Bool)
        throws
    {
        let messages = client.messages
        let values = progress(messages, token: token)
        let response = try #require(responseIndex(messages, id: id))
        #expect(values.first?.value["kind"] as? String == "begin")
        #expect(values.first?.value["title"] as? String == title)
        #expect(values.last?.value["kind"] as? String == "end")
        #expect(values.allSatisfy { $0.index < response }, "every notification comes before the response")
        let percentages = values.dropFirst().dropLast().map { $0.value["percentage"] as? Int ?? -1 }
        #expect(values.dropFirst().dropLast().allSatisfy { $0.value["kind"] as? String == "report" })
        #expect(percentages == percentages.sorted() && Set(percentages).count == percentages.count)
        #expect(percentages.allSatisfy { (0...100).contains($0) })
        if reports { #expect(percentages.count >= 3, "\(percentages)") }
    }

    @Test func longWorkReportsProgressBeforeItsResponse() throws {
        let client = EngineSession()
        let text =
            "workspace: w\nsources:\n  s: {generate: {items: 20000}}\nviews:\n  a: {layout: circles, source: s}\n"
        _ = client.request("open", ["text": text, "directory": ".", "workDoneToken": "open-1"], id: 1)
        try Self.expectWellFormed(client, token: "open-1", id: 1, title: "open", reports: false)
        _ = client.request("prepare", ["view": "w/a", "workDoneToken": 42], id: 2)
        try Self.expectWellFormed(client, token: 42, id: 2, title: "prepare w/a", reports: true)
        _ = client.request(
            "update", ["view": "w/a", "changes": [["reload": [0, 0], "value": 50]], "workDoneToken": "u"], id: 3)
        try Self.expectWellFormed(client, token: "u", id: 3, title: "update w/a", reports: true)
        _ = client.request("invalidate", ["view": "w/a"], id: 4)
        let quiet = client.request("prepare", ["view": "w/a"], id: 5)
        #expect(quiet?["result"] != nil)
        let notifications = client.messages.filter { ($0 as? [String: Any])?["method"] != nil }
        #expect(
            Self.progress(client.messages, token: "open-1").count + Self.progress(client.messages, token: 42).count
                + Self.progress(client.messages, token: "u").count == notifications.count, "no token, no progress")
        #expect(client.finish() == 0)
    }
}
