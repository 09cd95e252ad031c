import Foundation

/// A fresh folder under the system's temporary directory, removed on deinit.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("workbench-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `contents` at `name` (creating subfolders) and returns the full path.
    @discardableResult
    public func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    public func write(_ name: String, _ data: Data) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: file))
        return file
    }
}
