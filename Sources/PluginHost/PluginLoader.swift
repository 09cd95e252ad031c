internal import CLayoutABI
import Foundation

/// Opens plugin libraries: `dlopen`, the entry point, and the ABI check before anything else.
public enum PluginLoader {
    /// Loads the plugin at `path`: its ABI (major) version must be this host's, its minor
    /// version not newer than this host's.
    ///
    /// What is opened is a fresh private copy of the file (`PluginImageCopies`), so the file
    /// in the plugin folder may be rebuilt or overwritten at any time: each load is a new image.
    /// Opened with `RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE`: a Swift image cannot be unloaded
    /// safely, so it never is (a replaced plugin's old image stays mapped).
    ///
    /// - Parameter copying: false to open `path` itself, which must then never change (a
    ///   plugin process opening its parent's copy).
    public static func load(path: String, copying: Bool = true) throws(PluginError) -> LoadedPlugin {
        let imagePath: String
        if copying {
            do {
                imagePath = try PluginImageCopies.copy(path)
            } catch {
                throw .notALibrary(path: path, reason: error.reason)
            }
        } else {
            imagePath = path
        }
        return try open(imagePath, reportedAs: path)
    }

    /// Loads `copy`, a private copy of the library at `path` that never changes, naming `path`
    /// in what it reports (a child process describing its parent's copies).
    public static func load(copy: String, of path: String) throws(PluginError) -> LoadedPlugin {
        try open(copy, reportedAs: path)
    }

    private static func open(_ imagePath: String, reportedAs path: String) throws(PluginError) -> LoadedPlugin {
        _ = dlerror()
        guard let image = dlopen(imagePath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw .notALibrary(path: path, reason: reason.replacingOccurrences(of: imagePath, with: path))
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
        return try LoadedPlugin(descriptor: descriptor, path: path, imagePath: imagePath)
    }

    /// The ABI (major) version this host speaks.
    public static var abiVersion: UInt32 { WB_ABI_VERSION }
    /// The newest minor version of it this host knows.
    public static var abiMinorVersion: UInt32 { WB_ABI_MINOR_VERSION }
}
