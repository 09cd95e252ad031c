import Guide
import LayoutKit

/// The plugin's one exported symbol: the C descriptor of `GuideLayout`.
@_cdecl("workbench_plugin_descriptor")
public func workbenchPluginDescriptor() -> UnsafeRawPointer {
    Export.descriptor.pointer
}

private enum Export {
    static let descriptor = PluginExport.descriptor(for: GuideLayout.self)
}
