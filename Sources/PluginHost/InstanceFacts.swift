package import CLayoutABI
import LayoutKit

/// What a layout instance says of itself right after it is made (ABI 2.3): the element kinds
/// its options decide, and the most elements it makes per item and per section. A plugin
/// without these functions answers its descriptor's kinds and `ElementBudget.default`.
public struct InstanceFacts: Equatable, Sendable {
    /// The instance's own kinds; nil when they are the plugin's (the descriptor's).
    public var kinds: [ElementKind]?
    /// The most elements the instance makes per item and per section.
    public var budget: ElementBudget

    public init(kinds: [ElementKind]? = nil, budget: ElementBudget = .default) {
        self.kinds = kinds
        self.budget = budget
    }

    /// The kinds records of this instance index: its own, or the plugin's.
    public func kinds(of plugin: LoadedPlugin) -> [ElementKind] { kinds ?? plugin.kinds }

    /// Asks a freshly made instance through the plugin's table.
    ///
    /// - Throws: `.badRecord` when the kinds or the budget break the ABI's rules.
    package static func read(_ functions: wb_layout_functions, handle: OpaquePointer, plugin: String)
        throws(PluginCallError) -> InstanceFacts
    {
        var facts = InstanceFacts()
        if let instanceKinds = functions.instance_kinds {
            var names: UnsafePointer<UnsafePointer<CChar>?>?
            var categories: UnsafePointer<Int32>?
            let count = instanceKinds(handle, &names, &categories)
            if count >= 0 {
                guard count <= Int32(WB_INSTANCE_KIND_LIMIT), count == 0 || (names != nil && categories != nil) else {
                    throw bad(plugin, "kinds", "\(count) kinds (at most \(WB_INSTANCE_KIND_LIMIT), with both tables)")
                }
                var kinds: [ElementKind] = []
                for index in 0..<Int(count) {
                    guard let name = names![index] else { throw bad(plugin, "kinds", "kind \(index) has no name") }
                    guard let category = ElementCategory(rawValue: Int(categories![index])), category != .cell else {
                        throw bad(plugin, "kinds", "kind \(index) is neither supplementary nor decoration")
                    }
                    kinds.append(ElementKind(String(cString: name), category))
                }
                try check(kinds, plugin: plugin)
                facts.kinds = kinds
            }
        }
        if let elementBudget = functions.element_budget {
            var perItem: Int64 = 0, perSection: Int64 = 0
            if elementBudget(handle, &perItem, &perSection) == 1 {
                let limit: Int64 = 1 << 20
                guard perItem >= 1, perItem <= limit, perSection >= 0, perSection <= limit else {
                    throw bad(plugin, "element budget", "\(perItem) per item and \(perSection) per section")
                }
                facts.budget = ElementBudget(perItem: Int(perItem), perSection: Int(perSection))
            }
        }
        return facts
    }

    /// The rules of `instance_kinds`, for kinds read from a table or from a plugin process.
    package static func check(_ kinds: [ElementKind], plugin: String) throws(PluginCallError) {
        guard kinds.count <= Int(WB_INSTANCE_KIND_LIMIT) else {
            throw bad(plugin, "kinds", "\(kinds.count) kinds, more than \(WB_INSTANCE_KIND_LIMIT)")
        }
        var seen: Set<String> = []
        for kind in kinds {
            guard !kind.name.isEmpty, kind.name.utf8.count <= Int(WB_INSTANCE_KIND_NAME_LIMIT) else {
                throw bad(plugin, "kinds", "a kind name of \(kind.name.utf8.count) bytes")
            }
            guard kind.category != .cell else { throw bad(plugin, "kinds", "kind '\(kind.name)' is a cell") }
            guard seen.insert(kind.name).inserted else { throw bad(plugin, "kinds", "kind '\(kind.name)' twice") }
        }
    }

    private static func bad(_ plugin: String, _ field: String, _ problem: String) -> PluginCallError {
        .badRecord(plugin: plugin, element: "the layout made from these options", field: field, problem: problem)
    }
}
