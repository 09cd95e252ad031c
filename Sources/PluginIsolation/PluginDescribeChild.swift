import DescriptorIO
import Foundation
import PluginHost

/// The child side of `PluginDescriber`: `workbench plugin-describe COPY PATH [COPY PATH]…`
/// loads each private copy and writes one JSON line per library to fd 3, in order, as soon
/// as it is known — so a library that crashes this process is the one after the last line.
public enum PluginDescribeChild {
    /// Describes the libraries; returns the exit status.
    public static func run(output descriptor: Int32, arguments: [String]) -> Int32 {
        PluginProcessChild.watchParent()
        guard arguments.count.isMultiple(of: 2) else {
            FileHandle.standardError.write(Data("workbench plugin-describe: expected pairs of COPY PATH\n".utf8))
            return 64
        }
        let encoder = JSONEncoder()
        for pair in stride(from: 0, to: arguments.count, by: 2) {
            let (copy, path) = (arguments[pair], arguments[pair + 1])
            var line = DescribedLibrary()
            do {
                line.plugin = try PluginLoader.load(copy: copy, of: path).facts
            } catch {
                line.refused = error
            }
            guard let encoded = try? encoder.encode(line),
                DescriptorIO.writeAll(descriptor, Array(encoded) + [UInt8(ascii: "\n")])
            else { return 1 }
        }
        return 0
    }
}
