import DescriptorIO
import Foundation
import PluginHost

/// The child side of `PluginDescriber`: `workbench plugin-describe COPY PATH [COPY PATH]…`
/// loads each private copy and writes one JSON line per library to fd 3, in order, as soon
/// as it is known — so a library that crashes this process is the one after the last line.
public enum PluginDescribeChild {
    /// Describes the libraries inside `sandbox` (which may read only the copies; a stop by it
    /// is written to `descriptor` as a `{"stopped": …}` line); returns the exit status.
    public static func run(output descriptor: Int32, arguments: [String], sandbox: PluginSandbox) -> Int32 {
        guard arguments.count.isMultiple(of: 2) else {
            FileHandle.standardError.write(Data("workbench plugin-describe: expected pairs of COPY PATH\n".utf8))
            return 64
        }
        let pairs = stride(from: 0, to: arguments.count, by: 2).map { (copy: arguments[$0], path: arguments[$0 + 1]) }
        var setupError: PluginSandbox.SetupError?
        do {
            try sandbox.apply(readable: pairs.map(\.copy), reportDescriptor: descriptor)
        } catch {
            setupError = error  // nothing is loaded: each library is refused with the reason
        }
        PluginProcessChild.watchParent()
        let encoder = JSONEncoder()
        for (copy, path) in pairs {
            var line = DescribedLibrary()
            if let setupError {
                line.refused = .loadFailed(path: path, reason: setupError.description)
            } else {
                do {
                    line.plugin = try PluginLoader.load(copy: copy, of: path).facts
                } catch {
                    line.refused = error
                }
            }
            guard let encoded = try? encoder.encode(line),
                RetryingIO.writeAll(descriptor, Array(encoded) + [UInt8(ascii: "\n")])
            else { return 1 }
        }
        return 0
    }
}
