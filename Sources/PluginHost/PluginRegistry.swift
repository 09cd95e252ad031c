import Foundation

/// The plugins found in a list of folders, and why any candidate was refused.
public struct PluginRegistry: Sendable {
    /// Loaded plugins by name.
    public private(set) var plugins: [String: LoadedPlugin] = [:]
    /// Every candidate file that was not loaded, with the reason.
    public private(set) var refusals: [PluginError] = []

    /// The folders searched, in order.
    public private(set) var directories: [String] = []
    /// Every candidate file as last scanned: its identity and what became of it.
    var scanned: [String: ScannedFile] = [:]
    /// How candidate files become plugins, on every scan.
    let loading: Loading

    /// Turns candidate files into plugins or refusals, one outcome per path in order: in this
    /// process (`inProcess`), or described by a child process (`PluginDescriber`).
    public typealias Loading = @Sendable ([String]) -> [Result<LoadedPlugin, PluginError>]

    /// Each file loaded into this process (`PluginLoader`).
    public static let inProcess: Loading = { paths in
        paths.map { path in Result { () throws(PluginError) in try PluginLoader.load(path: path) } }
    }

    public init(loading: @escaping Loading = Self.inProcess) {
        self.loading = loading
    }

    /// Loads every shared library (`*.so`, `*.dylib`) in `directories`, in order; the first
    /// plugin of a name wins. Files in one folder are taken in name order.
    public static func discover(in directories: [String], loading: @escaping Loading = Self.inProcess) -> PluginRegistry
    {
        scan(directories, loading: loading, reusing: [:], forcing: [])
    }

    /// Scans `directories`; a file whose identity is that of its entry in `previous` keeps its
    /// outcome (no second load) unless it was the plugin of a name in `forcing`. The files to
    /// load are handed to `loading` together.
    static func scan(
        _ directories: [String], loading: @escaping Loading, reusing previous: [String: ScannedFile],
        forcing: Set<String>
    ) -> PluginRegistry {
        var candidates: [(path: String, identity: FileIdentity?, kept: Result<LoadedPlugin, PluginError>?)] = []
        var seen: Set<String> = []
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() where name.hasSuffix(".so") || name.hasSuffix(".dylib") {
                let path = (directory as NSString).appendingPathComponent(name)
                let canonical = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                guard seen.insert(canonical).inserted else { continue }
                let identity = FileIdentity(path: path)
                let old = previous[path].flatMap { old in
                    old.identity == identity && identity != nil && !old.isPlugin(namedIn: forcing) ? old.outcome : nil
                }
                candidates.append((path, identity, old))
            }
        }
        var loaded = loading(candidates.filter { $0.kept == nil }.map(\.path)).makeIterator()
        var registry = PluginRegistry(loading: loading)
        registry.directories = directories
        for candidate in candidates {
            let outcome =
                candidate.kept ?? loaded.next()
                ?? .failure(.loadFailed(path: candidate.path, reason: "gave no outcome"))
            registry.record(outcome, path: candidate.path, identity: candidate.identity)
        }
        return registry
    }

    private mutating func record(_ outcome: Result<LoadedPlugin, PluginError>, path: String, identity: FileIdentity?) {
        scanned[path] = ScannedFile(identity: identity, outcome: outcome)
        switch outcome {
        case .success(let plugin):
            if let existing = plugins[plugin.name] {
                refusals.append(.duplicateName(name: plugin.name, path: path, loadedFrom: existing.path))
            } else {
                plugins[plugin.name] = plugin
            }
        case .failure(let error):
            refusals.append(error)
        }
    }

    /// The plugin called `name`.
    ///
    /// - Throws: `.refused` with the reason when a refused file seems to be that plugin (its
    ///   file name is the plugin's name, give or take `lib`, case, `-` and `_`: a refused
    ///   file's descriptor is never read, so its name is unknown), else `.notFound`.
    public func plugin(named name: String) throws(PluginError) -> LoadedPlugin {
        guard let plugin = plugins[name] else {
            let wanted = Self.normalized(name)
            if let refusal = refusals.first(where: { refusal in
                if case .duplicateName = refusal { return false }
                return refusal.path.map { Self.normalized(Self.stem(of: $0)) == wanted } ?? false
            }) {
                throw .refused(name: name, reason: refusal)
            }
            throw .notFound(name: name, available: plugins.keys.sorted())
        }
        return plugin
    }

    /// "libMark_Sheet.so" → "Mark_Sheet".
    static func stem(of path: String) -> String {
        var name = Substring(path.split(separator: "/").last ?? "")
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        if name.hasPrefix("lib") { name = name.dropFirst(3) }
        return String(name)
    }

    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// The folders to search, in order: those given on the command line, then the
    /// colon-separated `WORKBENCH_PLUGIN_PATH`, then the bundled plugins' folders (see
    /// `searchFolders`).
    public static func searchPath(explicit: [String], environment: [String: String], executableDirectory: String?)
        -> [String]
    {
        searchFolders(explicit: explicit, environment: environment, executableDirectory: executableDirectory).map(
            \.path)
    }

    /// Where a searched folder comes from.
    public enum FolderOrigin: String, Sendable {
        case commandLine = "--plugins"
        case environment = "WORKBENCH_PLUGIN_PATH"
        case bundled = "bundled"
    }

    /// The folders to search, in order, each with where it comes from: `--plugins`, then
    /// `WORKBENCH_PLUGIN_PATH`, then the bundled plugins relative to the executable — `../lib`
    /// (an installed release: `bin/workbench`, `lib/libCircles.so`), if it exists, and the
    /// executable's own folder (a build folder, where `swift build` puts them). The first
    /// plugin of a name wins, so a folder given by the user overrides a bundled plugin.
    public static func searchFolders(explicit: [String], environment: [String: String], executableDirectory: String?)
        -> [(path: String, origin: FolderOrigin)]
    {
        let fromEnvironment = (environment["WORKBENCH_PLUGIN_PATH"] ?? "").split(separator: ":").map(String.init)
        var bundled: [String] = []
        if let executableDirectory {
            let lib = URL(fileURLWithPath: executableDirectory).deletingLastPathComponent().appendingPathComponent(
                "lib"
            )
            .path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: lib, isDirectory: &isFolder), isFolder.boolValue {
                bundled.append(lib)
            }
            bundled.append(executableDirectory)
        }
        return explicit.map { ($0, .commandLine) } + fromEnvironment.map { ($0, .environment) }
            + bundled.map { ($0, .bundled) }
    }
}
