import Foundation
import SourceDiagnostics

/// Finding workspace files, and naming output files after workspaces and views.
package enum WorkspaceFiles {
    /// A file as given, or the `*.yaml` / `*.yml` files of a folder (not of its subfolders,
    /// where data files live) in name order.
    /// Each file, or the error standing in its place, in order.
    package static func expand(_ path: String) -> [Result<String, Diagnostic>] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return [.failure(Diagnostic(path: path, message: "no such file or folder"))]
        }
        guard isDirectory.boolValue else { return [.success(path)] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let workspaces = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        if workspaces.isEmpty {
            return [.failure(Diagnostic(path: path, message: "no workspace files (*.yaml, *.yml) in this folder"))]
        }
        return workspaces.map { .success((path as NSString).appendingPathComponent($0)) }
    }

    /// A file name made of the name's letters, digits, `-`, `_` and `.`, others as `_`;
    /// never empty and never starting with a dot.
    package static func safeName(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        var safe = String(name.map { allowed.contains($0) ? $0 : "_" })
        if safe.isEmpty || safe.hasPrefix(".") { safe = "_" + safe }
        return safe
    }
}
