import LayoutKit
import PluginHost

/// Many rects' records, pipelined: while the parent checks one rect's records (and the caller
/// reads them) in one of the child's result areas, the child computes the next rect's into the
/// other. The request for rect k+1 goes out once rect k's reply is in; every request sent is
/// answered before this returns, so the channel stays in step for the next call.
extension ProcessInstance {
    func withElements(
        inEach rects: [Rect], _ body: (_ index: Int, AttributesRecords) throws(PluginCallError) -> Bool
    ) throws(PluginCallError) {
        guard !rects.isEmpty else { return }
        let operation = Operation.elementsInRect.functionName
        try withRemoteCall(operation: operation) { child, id throws(PluginCallError) in
            func request(_ index: Int) -> PluginRequest { .elementsInRect(rects[index].abi, area: UInt8(index % 2)) }
            func ask(_ index: Int) throws(PluginCallError) {
                try process.send(child, request(index).encoded(instance: id), operation: operation)
            }
            func answer() throws(PluginCallError) -> (reply: RecordsReply, descriptor: Int32) {
                try decoded(try process.reply(child, operation: operation, cancel: cancel), operation: operation)
            }
            /// Reads the answer to a request no longer wanted, keeping its result memory mapped.
            func drain(_ index: Int) throws(PluginCallError) {
                try adoptResultMemory(of: try answer(), area: index % 2, for: request(index), in: child)
            }
            try ask(0)
            for index in rects.indices {
                let (_, records, extras, _) = try records(
                    of: try answer(), area: index % 2, for: request(index), in: child)
                let next = index + 1 < rects.count ? index + 1 : nil
                if let next { try ask(next) }
                let goesOn: Bool
                do throws(PluginCallError) {
                    let (order, repairs) = try check.check(
                        records, extras: extras, data: preparedSource, rect: rects[index])
                    goesOn = try body(
                        index,
                        AttributesRecords(
                            records: records, extras: extras, order: order, kindNames: kindNames, repairs: repairs))
                } catch {
                    // The band's own failure is the one to report; the child is reaped if it died meanwhile.
                    if let next { try? drain(next) }
                    throw error
                }
                guard goesOn else {
                    if let next { try drain(next) }
                    return
                }
            }
        }
    }
}
