import Foundation
import SourceDiagnostics

/// Finding workspace files, and naming output files after workspaces and views.
enum WorkspaceFiles {
    /// Files as given, and the `*.yaml` / `*.yml` files of folders (not their subfolders,
    /// where data files live), each folder's in name order.
    static func expand(_ paths: [String], report: (Diagnostic) -> Void) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                report(Diagnostic(path: path, message: "no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let workspaces = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            if workspaces.isEmpty { report(Diagnostic(path: path, message: "no workspace files (*.yaml, *.yml) in this folder")) }
            files += workspaces.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }

    /// A file name made of the name's letters, digits, `-`, `_` and `.`, others as `_`;
    /// never empty and never starting with a dot.
    static func safeName(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        var safe = String(name.map { allowed.contains($0) ? $0 : "_" })
        if safe.isEmpty || safe.hasPrefix(".") { safe = "_" + safe }
        return safe
    }
}
