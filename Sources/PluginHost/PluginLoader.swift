internal import CLayoutABI
import Foundation

/// Opens plugin libraries: `dlopen`, the entry point, and the ABI check before anything else.
public enum PluginLoader {
    /// Loads the plugin at `path`: its ABI (major) version must be this host's, its minor
    /// version not newer than this host's.
    ///
    /// Opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE`: a Swift image cannot be unloaded
    /// safely, so it never is.
    public static func load(path: String) throws(PluginError) -> LoadedPlugin {
        _ = dlerror()
        guard let image = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            throw .notALibrary(path: path, reason: dlerror().map { String(cString: $0) } ?? "unknown error")
        }
        guard let symbol = dlsym(image, entryPointName) else { throw .notAPlugin(path: path) }
        let entryPoint = unsafeBitCast(symbol, to: wb_plugin_entry_point.self)
        guard let descriptor = entryPoint() else {
            throw .invalidDescriptor(path: path, reason: "the entry point returned no descriptor")
        }
        let abiVersion = UnsafeRawPointer(descriptor).load(as: UInt32.self)
        guard abiVersion == WB_ABI_VERSION else {
            throw .abiMismatch(path: path, found: abiVersion, expected: WB_ABI_VERSION)
        }
        let minor = UnsafeRawPointer(descriptor).load(fromByteOffset: 4, as: UInt32.self)
        guard minor <= WB_ABI_MINOR_VERSION else {
            throw .abiMinorTooNew(path: path, major: abiVersion, found: minor, supported: WB_ABI_MINOR_VERSION)
        }
        return try LoadedPlugin(descriptor: descriptor, path: path)
    }

    /// The ABI (major) version this host speaks.
    public static var abiVersion: UInt32 { WB_ABI_VERSION }
    /// The newest minor version of it this host knows.
    public static var abiMinorVersion: UInt32 { WB_ABI_MINOR_VERSION }
}
