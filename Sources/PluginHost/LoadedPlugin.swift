internal import CLayoutABI
import LayoutKit

/// A plugin library that passed every check, ready to make layouts.
public final class LoadedPlugin: @unchecked Sendable {  // Unchecked: immutable; the descriptor is constant memory in a never-unloaded image.
    public let name: String
    public let version: String
    public let summary: String
    /// The file it was loaded from.
    public let path: String
    public let kinds: [ElementKind]
    public let options: [String]
    let descriptor: UnsafePointer<wb_plugin_descriptor>
    let functions: wb_layout_functions

    init(descriptor: UnsafePointer<wb_plugin_descriptor>, path: String) throws(PluginError) {
        let value = descriptor.pointee
        func invalid(_ reason: String) -> PluginError { .invalidDescriptor(path: path, reason: reason) }
        guard let name = value.name.map({ String(cString: $0) }), !name.isEmpty else { throw invalid("no name") }
        guard let table = value.functions else { throw invalid("no function table") }
        let functions = table.pointee
        guard functions.create != nil, functions.destroy != nil, functions.prepare != nil, functions.content_size != nil,
              functions.elements_in_rect != nil, functions.attributes_for_element != nil,
              functions.should_invalidate_for_bounds_change != nil, functions.invalidation_for_bounds_change != nil,
              functions.invalidate != nil, functions.target_content_offset != nil, functions.transition_attributes != nil,
              functions.element_count != nil
        else { throw invalid("the function table has empty entries") }
        guard value.kind_count >= 0, value.kind_count < 1024, value.option_count >= 0, value.option_count < 1024,
              value.kind_count == 0 || (value.kinds != nil && value.kind_categories != nil),
              value.option_count == 0 || value.option_names != nil
        else { throw invalid("kind or option tables are missing or absurd") }
        var kinds: [ElementKind] = []
        for index in 0..<Int(value.kind_count) {
            guard let kindName = value.kinds[index].map({ String(cString: $0) }),
                  let category = ElementCategory(rawValue: Int(value.kind_categories[index])), category != .cell
            else { throw invalid("kind \(index) has no name or is not supplementary/decoration") }
            kinds.append(ElementKind(kindName, category))
        }
        self.name = name
        self.version = value.version.map { String(cString: $0) } ?? "unknown"
        self.summary = value.summary.map { String(cString: $0) } ?? ""
        self.path = path
        self.kinds = kinds
        self.options = (0..<Int(value.option_count)).compactMap { value.option_names[$0].map { String(cString: $0) } }
        self.descriptor = descriptor
        self.functions = functions
    }
}
