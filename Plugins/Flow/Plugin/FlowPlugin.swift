import Flow
import LayoutKit

/// The plugin's one exported symbol: the C descriptor of `FlowLayout`.
@_cdecl("workbench_plugin_descriptor")
public func workbenchPluginDescriptor() -> UnsafeRawPointer {
    descriptor.pointer
}

/// Made on the first call, once.
private let descriptor = PluginExport.descriptor(for: FlowLayout.self)
