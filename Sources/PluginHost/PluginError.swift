import LayoutKit

/// Why a file was not accepted as a layout plugin.
public indirect enum PluginError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    /// `dlopen` refused it (not a shared library, wrong architecture, missing dependency).
    case notALibrary(path: String, reason: String)
    /// A shared library without the `workbench_plugin_descriptor` entry point.
    case notAPlugin(path: String)
    /// Built against another version of the plugin ABI.
    case abiMismatch(path: String, found: UInt32, expected: UInt32)
    /// Built against a newer minor version of this ABI than the host knows.
    case abiMinorTooNew(path: String, major: UInt32, found: UInt32, supported: UInt32)
    /// The descriptor is incomplete (no name, missing functions, bad kinds).
    case invalidDescriptor(path: String, reason: String)
    /// Loading it ended the process that loaded it (a crash, or no answer in time): only a
    /// child process ever loads a library this way (`PluginDescriber`).
    case loadFailed(path: String, reason: String)
    /// Another plugin already has this name.
    case duplicateName(name: String, path: String, loadedFrom: String)
    /// The plugin a workspace names was found but refused, for `reason`.
    case refused(name: String, reason: PluginError)
    /// No plugin of this name was found.
    case notFound(name: String, available: [String])

    public var description: String {
        switch self {
        case .notALibrary(let path, let reason): return "\(path): not a loadable library: \(reason)"
        case .notAPlugin(let path): return "\(path): not a workbench plugin (no '\(entryPointName)' symbol)"
        case .abiMismatch(let path, let found, let expected):
            return
                "\(path): plugin ABI version \(found), but this workbench speaks version \(expected); rebuild the plugin against this workbench's LayoutKit"
        case .abiMinorTooNew(let path, let major, let found, let supported):
            return
                "\(path): plugin ABI version \(major).\(found), newer than this workbench's \(major).\(supported); update the workbench or rebuild the plugin against its LayoutKit"
        case .invalidDescriptor(let path, let reason): return "\(path): invalid plugin descriptor: \(reason)"
        case .loadFailed(let path, let reason): return "\(path): loading it \(reason)"
        case .duplicateName(let name, let path, let loadedFrom):
            return "\(path): a plugin named '\(name)' is already loaded from \(loadedFrom); this one is ignored"
        case .refused(let name, let reason): return "the layout plugin '\(name)' was refused: \(reason)"
        case .notFound(let name, let available):
            let list = available.isEmpty ? "none were found" : "available: \(available.joined(separator: ", "))"
            return "no layout plugin named '\(name)'\(Suggestion.phrase(for: name, in: available)) (\(list))"
        }
    }
}

extension PluginError {
    /// The file the refusal is about, if it is about one.
    public var path: String? {
        switch self {
        case .notALibrary(let path, _), .notAPlugin(let path), .abiMismatch(let path, _, _),
            .invalidDescriptor(let path, _),
            .abiMinorTooNew(let path, _, _, _), .loadFailed(let path, _),
            .duplicateName(_, let path, _):
            return path
        case .refused(_, let reason): return reason.path
        case .notFound: return nil
        }
    }
}

let entryPointName = "workbench_plugin_descriptor"
