internal import CSystemShims
import Foundation
import Platform
import PluginHost

/// Discovery that never runs a guest's code in the workbench: each candidate library is copied
/// (`PluginImageCopies`) and loaded in a child process, `workbench plugin-describe`, which
/// reads its descriptor and writes it back as one JSON line per library on fd 3. A library
/// whose loading crashes the child, or does not finish within `timeout` seconds, is refused
/// with that reason (`PluginError.loadFailed`); the libraries after it are described by a new
/// child. The plugin processes of `--isolation process` later load the same copies.
public struct PluginDescriber: Sendable {
    let executable: String
    let timeout: Double
    let sandbox: PluginSandbox

    /// - Parameters:
    ///   - executable: the workbench executable to spawn (`Portability.executablePath` in the workbench: `/proc/self/exe` on Linux).
    ///   - timeout: the longest one library's loading may take, in seconds.
    ///   - sandbox: the sandbox the child loads the libraries in.
    public init(
        executable: String = Portability.executablePath, timeout: Double = 10, sandbox: PluginSandbox = PluginSandbox()
    ) {
        self.executable = executable
        self.timeout = timeout
        self.sandbox = sandbox
    }

    /// Describes each library at `paths`: one outcome per path, in order.
    public func describe(_ paths: [String]) -> [Result<LoadedPlugin, PluginError>] {
        var outcomes = [Result<LoadedPlugin, PluginError>?](repeating: nil, count: paths.count)
        var copies: [(index: Int, copy: String)] = []
        for (index, path) in paths.enumerated() {
            do {
                copies.append((index, try PluginImageCopies.copy(path)))
            } catch {
                outcomes[index] = .failure(.notALibrary(path: path, reason: error.reason))
            }
        }
        var rest = copies[...]
        while !rest.isEmpty {  // each child describes at least one library, or is blamed for it
            let described = describeInChild(rest.map { ($0.copy, paths[$0.index]) })
            for (entry, outcome) in zip(rest, described) { outcomes[entry.index] = outcome }
            rest = rest.dropFirst(max(described.count, 1))
        }
        return outcomes.enumerated().map { $1 ?? .failure(.loadFailed(path: paths[$0], reason: "gave no outcome")) }
    }

    /// Runs one child over `libraries` (copy, original path); returns the outcomes of a
    /// prefix of them, the last one a `.loadFailed` if the child ended or stalled early.
    private func describeInChild(_ libraries: [(copy: String, path: String)]) -> [Result<LoadedPlugin, PluginError>] {
        let arguments =
            [executable, "plugin-describe"] + sandbox.childArguments + ["--"]
            + libraries.flatMap { [$0.copy, $0.path] }
        let child: DescribingChild
        do {
            child = try DescribingChild(executable: executable, arguments: arguments)
        } catch {
            return [.failure(.loadFailed(path: libraries[0].path, reason: "could not start a plugin host: \(error)"))]
        }
        var outcomes: [Result<LoadedPlugin, PluginError>] = []
        while outcomes.count < libraries.count {
            let library = libraries[outcomes.count]
            switch child.nextLine(timeout: timeout) {
            case .line(let bytes):
                if let line = try? JSONDecoder().decode(DescribedLibrary.self, from: Data(bytes)) {
                    if let stopped = line.stopped {  // its last line: the rest go to a new child
                        let how = child.end(killing: true, grace: 200)
                        let reason = "was stopped by the plugin sandbox: \(sandbox.refusal(reported: stopped)) (\(how))"
                        outcomes.append(.failure(.loadFailed(path: library.path, reason: reason)))
                        return outcomes
                    }
                    outcomes.append(line.outcome(path: library.path, copy: library.copy))
                    continue
                }
                fallthrough
            case .tooLong:
                child.end(killing: true)
                outcomes.append(
                    .failure(
                        .loadFailed(path: library.path, reason: "made its plugin host answer something unreadable")))
                return outcomes
            case .ended:
                let how = child.end(killing: true)
                outcomes.append(.failure(.loadFailed(path: library.path, reason: "ended its plugin host (\(how))")))
                return outcomes
            case .timedOut:
                child.end(killing: true)
                outcomes.append(
                    .failure(
                        .loadFailed(
                            path: library.path,
                            reason: "did not finish within \(timeout) s; its plugin host was stopped")))
                return outcomes
            }
        }
        child.end(killing: false)
        return outcomes
    }
}

/// One line of `workbench plugin-describe`: a library's description, or why it was refused.
struct DescribedLibrary: Codable {
    var plugin: PluginDescription?
    var refused: PluginError?
    /// What the sandbox refused when it stopped the child ("system call socket"), written by
    /// its signal handler.
    var stopped: String?

    func outcome(path: String, copy: String) -> Result<LoadedPlugin, PluginError> {
        if let plugin {
            if let problem = plugin.problem {
                return .failure(
                    .loadFailed(path: path, reason: "made its plugin host describe it impossibly: \(problem)"))
            }
            return .success(LoadedPlugin(described: plugin, path: path, imagePath: copy))
        }
        return .failure(refused ?? .loadFailed(path: path, reason: "gave no description"))
    }
}
