import LayoutKit
import Waterfall

/// The plugin's one exported symbol: the C descriptor of `WaterfallLayout`.
@_cdecl("workbench_plugin_descriptor")
public func workbenchPluginDescriptor() -> UnsafeRawPointer {
    Export.descriptor.pointer
}

private enum Export {
    static let descriptor = PluginExport.descriptor(for: WaterfallLayout.self)
}
