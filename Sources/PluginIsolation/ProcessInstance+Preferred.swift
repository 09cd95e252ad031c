internal import CLayoutABI
import LayoutKit
import PluginHost

extension ProcessInstance {
    /// How many preferred sizes go in one message (40 bytes each; answers 24).
    static let preferredSizesPerMessage = 1000

    /// Sends the sizes to the child in messages of `preferredSizesPerMessage`, and remembers
    /// them: a layout made again in a new child is told them again before it is prepared.
    func preferredAttributes(_ sizes: [PreferredSize]) throws(PluginCallError) -> [PreferredSizeAnswer?] {
        for preferred in sizes { rememberedSizes[preferred.element] = preferred.size }
        return try withRemoteCall(operation: "preferred_attributes") { child, id throws(PluginCallError) in
            try send(sizes, to: child, id: id)
        }
    }

    /// Asks the child's layout what its last prepare moved: the records come back through the
    /// result memory, the total after the reply's usual fields.
    func changedElements(limit: Int) throws(PluginCallError) -> (first: [ElementID], count: Int)? {
        let request = PluginRequest.changedElements(limit: Int64(limit))
        return try withRemoteCall(operation: request.operation.functionName) { child, id throws(PluginCallError) in
            let (_, records, extras, total) = try records(request, in: child, id: id)
            guard let total else { throw .failed(plugin: plugin.name, operation: "changed_elements", status: -1) }
            return try check.changedElements(
                records, extras: extras, total: total, limit: limit, data: preparedSource, kindNames: kindNames)
        }
    }

    /// Tells a layout just made in `child` the sizes its predecessor had taken.
    func resendPreferredSizes(to child: ChildProcess, id: UInt32) throws(PluginCallError) {
        guard !rememberedSizes.isEmpty else { return }
        _ = try send(
            rememberedSizes.sorted { $0.key < $1.key }.map { PreferredSize(element: $0.key, size: $0.value) },
            to: child, id: id)
    }

    private func send(_ sizes: [PreferredSize], to child: ChildProcess, id: UInt32) throws(PluginCallError)
        -> [PreferredSizeAnswer?]
    {
        var answers: [PreferredSizeAnswer?] = []
        answers.reserveCapacity(sizes.count)
        var start = 0
        while start < sizes.count {
            let chunk = sizes[start..<min(start + Self.preferredSizesPerMessage, sizes.count)]
            start = chunk.endIndex
            // An undeclared kind is no element of this layout: sent as one it cannot have.
            let request = PluginRequest.preferredAttributes(
                chunk.map {
                    (
                        $0.element.abi(kindIndex: kindIndex)
                            ?? wb_element(category: -1, kind: -1, section: -1, item: -1), $0.size.abi
                    )
                })
            let reply: PreferredReply = try exchange(request, in: child, id: id)
            for (preferred, index) in zip(chunk, 0...) {
                guard index < reply.answers.count else {
                    throw .failed(plugin: plugin.name, operation: "preferred_attributes", status: -1)
                }
                let (status, answer) = reply.answers[index]
                guard status >= 0 else { throw failure(request, status, reply.error ?? wb_error()) }
                answers.append(
                    status == 1
                        ? try PreferredSizeAnswer(answer).checked(plugin: plugin.name, element: preferred.element) : nil
                )
            }
        }
        return answers
    }
}
