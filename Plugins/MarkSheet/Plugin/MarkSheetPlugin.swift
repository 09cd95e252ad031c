import LayoutKit
import MarkSheet

/// The plugin's one exported symbol: the C descriptor of `MarkSheetLayout`.
@_cdecl("workbench_plugin_descriptor")
public func workbenchPluginDescriptor() -> UnsafeRawPointer {
    Export.descriptor.pointer
}

private enum Export {
    static let descriptor = PluginExport.descriptor(for: MarkSheetLayout.self)
}
