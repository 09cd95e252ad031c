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
        let operation = "changed_elements"
        return try withRemoteCall(operation: operation) { child, id throws(PluginCallError) in
            var message = MessageWriter(.changedElements, instance: id)
            message.append(Int64(limit))
            let reply = try process.call(child, message, operation: operation, cancel: cancel)
            var tail = MessageParser(Array(reply.bytes.suffix(8)))
            let total = try fields(operation) { () throws(ChannelError) in try tail.read(Int64.self) }
            let (records, extras) = try results(of: reply, in: child, operation: operation)
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
        let operation = "preferred_attributes"
        var answers: [PreferredSizeAnswer?] = []
        answers.reserveCapacity(sizes.count)
        var start = 0
        while start < sizes.count {
            let chunk = sizes[start..<min(start + Self.preferredSizesPerMessage, sizes.count)]
            start = chunk.endIndex
            var message = MessageWriter(.preferredAttributes, instance: id)
            message.append(UInt32(chunk.count))
            for preferred in chunk {
                // An undeclared kind is no element of this layout: sent as one it cannot have.
                message.append(
                    preferred.element.abi(kindIndex: kindIndex)
                        ?? wb_element(category: -1, kind: -1, section: -1, item: -1))
                message.append(preferred.size.width, preferred.size.height)
            }
            var reply = reader(try process.call(child, message, operation: operation, cancel: cancel))
            for preferred in chunk {
                let (status, answer) = try fields(operation) { () throws(ChannelError) in
                    (
                        try reply.read(Int32.self),
                        wb_preferred_answer(
                            size: wb_size(width: try reply.readDouble(), height: try reply.readDouble()),
                            invalidation: try reply.read(UInt32.self), reserved: 0)
                    )
                }
                guard status >= 0 else {
                    throw .failure(
                        status: status, error: try Self.error(&reply, plugin: plugin.name, operation: operation),
                        plugin: plugin.name, operation: operation, cancel: cancel)
                }
                answers.append(
                    status == 1
                        ? try PreferredSizeAnswer(answer).checked(plugin: plugin.name, element: preferred.element) : nil
                )
            }
        }
        return answers
    }
}
