import Foundation
import PackagePlugin

/// Builds the preview page's files (`Web/` beside the target's sources) into the target as a
/// generated Swift file, so the executable needs no resource folder at run time: a copied
/// binary (the release tarball) serves the same page. Runs whenever a file in `Web/` changes.
@main
struct EmbedPageFilesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let source = target as? SwiftSourceModuleTarget else { return [] }
        let folder = source.directoryURL.appending(path: "Web")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") }.sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPageFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the page's files (\(names.count)) into \(target.name)",
                executable: try context.tool(named: "page-files-embedder").url,
                arguments: [folder.path, output.path],
                inputFiles: names.map { folder.appending(path: $0) },
                outputFiles: [output])
        ]
    }
}
