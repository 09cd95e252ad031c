internal import CLayoutABI
import PluginHost
import Testing

@testable import PluginIsolation

/// Each plugin-process message reads back as written, by the one type that writes it, and a
/// truncated one is refused rather than read past its end.
struct PluginMessageTests {
    static let element = wb_element(category: 1, kind: 2, section: 3, item: 4)
    static let rect = wb_rect(x: 1.5, y: -2, width: 30, height: 40)
    static let point = wb_point(x: 7, y: -8.25)

    static let requests: [PluginRequest] = [
        .hello, .create(options: [1, 2, 3]), .destroy, .prepare(bounds: rect, dataKey: 9, direction: 1),
        .prepareForUpdates, .preferredAttributes([(element, wb_size(width: 5, height: 6)), (element, wb_size())]),
        .contentSize, .elementCount, .contentOverflow, .elementsInRect(rect, area: 1), .attributesForElement(element),
        .transitionAttributes(element, isAppearing: true, bounds: rect),
        .movingItemAttributes(element, position: point),
        .changedElements(limit: 100), .shouldInvalidate(rect), .invalidationForBoundsChange(rect), .invalidate(3),
        .targetForMovingItem(element, position: point), .targetContentOffsetForProposed(point),
        .targetContentOffset(proposed: point, velocity: wb_point(x: 0, y: 1)),
    ]

    @Test(arguments: requests.indices)
    func aRequestReadsBackAsWritten(_ index: Int) throws {
        let request = Self.requests[index]
        let bytes = request.encoded(instance: 42).bytes
        let (instance, decoded) = try PluginRequest.decoded(bytes)
        #expect(instance == 42)
        #expect(decoded.operation == request.operation)
        #expect(decoded.encoded(instance: 42).bytes == bytes)
        if bytes.count > 5 {  // fields after the operation and instance: cut, they are refused
            #expect(throws: ChannelError.self) { try PluginRequest.decoded(Array(bytes.dropLast())) }
        }
    }

    @Test func anUnknownOperationIsRefused() {
        #expect(throws: ChannelError.self) { try PluginRequest.decoded([200, 0, 0, 0, 0]) }
    }

    @Test func aRecordsReplyCarriesItsTotalOnlyWhenItHasOne() throws {
        for total in [nil, Int64(-1), 12] as [Int64?] {
            let reply = RecordsReply(
                status: 0, count: 2, extraLength: 3, recordCapacity: 1024, extraCapacity: 65536, error: wb_error(),
                total: total)
            var reader = MessageParser(reply.encoded.bytes)
            let read = try RecordsReply(reading: &reader)
            #expect(read.total == total && read.count == 2 && read.extraCapacity == 65536)
        }
    }

    @Test func preferredAnswersStopAtTheFirstFailureWithItsError() throws {
        var reply = PreferredReply()
        reply.answers = [(1, wb_preferred_answer(size: wb_size(width: 3, height: 4), invalidation: 2, reserved: 0))]
        reply.answers.append((-1, wb_preferred_answer()))
        var error = wb_error()
        error.code = 7
        reply.error = error
        var reader = MessageParser(reply.encoded.bytes)
        let read = try PreferredReply(reading: &reader)
        #expect(read.answers.map(\.status) == [1, -1])
        #expect(read.answers[0].answer.size.height == 4 && read.answers[0].answer.invalidation == 2)
        #expect(read.error?.code == 7)
    }

    @Test func aCutPluginErrorIsRefused() {
        var message = MessageWriter()
        message.append(Int32(-1))
        message.append(bytes: [1, 2, 3])  // not a whole wb_error
        var reader = MessageParser(message.bytes)
        #expect(throws: ChannelError.self) { try StatusReply(reading: &reader) }
    }

    @Test func helloAndCreateRepliesReadBack() throws {
        var reader = MessageParser(HelloReply.loaded(name: "circles").encoded.bytes)
        guard case .loaded("circles") = try HelloReply(reading: &reader) else { Issue.record("not loaded"); return }
        reader = MessageParser(CreateReply.made(id: 5, facts: InstanceFacts()).encoded.bytes)
        guard case .made(5, let facts) = try CreateReply(reading: &reader) else { Issue.record("not made"); return }
        #expect(facts == InstanceFacts())
    }
}
