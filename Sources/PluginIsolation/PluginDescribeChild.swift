import Foundation
import PluginHost

/// The child side of `PluginDescriber`: `workbench plugin-describe COPY PATH [COPY PATH]…`
/// loads each private copy and writes one JSON line per library to fd 3, in order, as soon
/// as it is known — so a library that crashes this process is the one after the last line.
public enum PluginDescribeChild {
    /// Describes the libraries; returns the exit status.
    public static func run(output descriptor: Int32, arguments: [String]) -> Int32 {
        PluginHostChild.watchParent()
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
            guard let encoded = try? encoder.encode(line), writeAll(Array(encoded) + [UInt8(ascii: "\n")], to: descriptor) else { return 1 }
        }
        return 0
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }
}
