import LayoutKit
import PluginHost

/// `create`'s reply carries what the new instance said of itself (ABI 2.3), after its id: the
/// kind count (-1: the plugin's kinds), then each kind's category (Int32) and name (bytes); then
/// 1 and the budget per item and per section (Int64 each), or 0 for the default.
enum InstanceFactsMessage {
    static func append(_ facts: InstanceFacts, to message: inout MessageWriter) {
        if let kinds = facts.kinds {
            message.append(Int32(kinds.count))
            for kind in kinds {
                message.append(Int32(kind.category.rawValue))
                message.append(kind.name)
            }
        } else {
            message.append(Int32(-1))
        }
        if facts.budget == .default {
            message.append(UInt8(0))
        } else {
            message.append(UInt8(1))
            message.append(Int64(facts.budget.perItem))
            message.append(Int64(facts.budget.perSection))
        }
    }

    /// The facts a child sent, within the message's bounds. (The parent checks them again as an
    /// in-process plugin's tables: `InstanceFacts.check`.)
    static func read(_ message: inout MessageParser) throws(ChannelError) -> InstanceFacts {
        var facts = InstanceFacts()
        let count = try message.read(Int32.self)
        if count >= 0 {
            guard count <= 4096 else { throw ChannelError.protocolViolation("\(count) instance kinds") }
            var kinds: [ElementKind] = []
            for _ in 0..<count {
                let category = try message.read(Int32.self)
                let name = try message.readString()
                guard let category = ElementCategory(rawValue: Int(category)), category != .cell else {
                    throw ChannelError.protocolViolation("an instance kind of category \(category)")
                }
                kinds.append(ElementKind(name, category))
            }
            facts.kinds = kinds
        }
        if try message.read(UInt8.self) == 1 {
            let perItem = try message.read(Int64.self), perSection = try message.read(Int64.self)
            guard perItem >= 1, perItem <= 1 << 20, perSection >= 0, perSection <= 1 << 20 else {
                throw ChannelError.protocolViolation("an element budget of \(perItem) and \(perSection)")
            }
            facts.budget = ElementBudget(perItem: Int(perItem), perSection: Int(perSection))
        }
        return facts
    }
}
