import Foundation

/// Where the tools find the `workbench` they drive, and the repository it comes from.
///
/// The tools are built in `Benchmarks/.build/<triple>/<configuration>/`, and the workbench by
/// the root package in `.build/<triple>/<configuration>/`, with its plugins beside it: a tool
/// drives the root's build of its own configuration unless told otherwise.
public enum WorkbenchExecutable {
    /// The workbench to drive: `explicit` when given (`--workbench PATH`); else one beside the
    /// running tool; else the root package's build of the tool's own configuration.
    public static func path(explicit: String? = nil) -> String {
        if let explicit { return explicit }
        let beside = toolFolder.appendingPathComponent("workbench").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        guard let build = rootBuildFolder else { return beside }
        return build.appendingPathComponent("workbench").path
    }

    /// The repository the tools package sits in (the folder holding `Benchmarks/`), when the
    /// running tool is in that package's `.build`.
    public static var repository: String? {
        let components = toolFolder.pathComponents
        guard let build = components.lastIndex(of: ".build"), build >= 2 else { return nil }
        return NSString.path(withComponents: Array(components[..<(build - 1)]))
    }

    /// The folder of the running executable, symbolic links resolved.
    static var toolFolder: URL {
        #if os(Linux)
            let executable = URL(fileURLWithPath: "/proc/self/exe")
        #else
            let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        #endif
        return executable.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `<repository>/.build/<triple>/<configuration>` for a tool in
    /// `<repository>/<package>/.build/<triple>/<configuration>`; nil elsewhere.
    private static var rootBuildFolder: URL? {
        let components = toolFolder.pathComponents
        guard let build = components.lastIndex(of: ".build"), build >= 2 else { return nil }
        let repository = components[..<(build - 1)]
        let path = NSString.path(withComponents: Array(repository) + components[build...])
        return URL(fileURLWithPath: path)
    }
}
