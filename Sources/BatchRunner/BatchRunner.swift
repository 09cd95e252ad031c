import Foundation
import JSONOutput
import LayoutKit
import PluginHost
import Sessions
import SVGRenderer
import SourceDiagnostics
import WorkspaceModel

/// `workbench run`: lays out every view of every workspace, whole, and writes the results.
///
/// Output goes through the closures it is given; the runner itself never prints.
public struct BatchRunner: Sendable {
    /// Where each view's layout goes.
    public enum Output: Sendable {
        /// One compact JSON object per view per line, to `emit`.
        case jsonLines
        /// `<directory>/<workspace>/<view>.json`, pretty-printed with sorted keys.
        case directory(String)
    }

    public var plugins: PluginCatalog
    public var loader = WorkspaceLoader()
    /// The longest one view's `prepare` may take, in seconds; nil for no limit.
    public var timeout: Double?
    public var output: Output
    /// With `.directory`, also draw each view to `<view>.svg` beside its JSON.
    public var writesPictures = false

    public init(plugins: PluginCatalog, output: Output = .jsonLines) {
        self.plugins = plugins
        self.output = output
    }

    /// What a run did.
    public struct Summary: Equatable, Sendable {
        public var viewsLaidOut = 0
        public var failures = 0
    }

    /// Runs every workspace in `paths` (files, or folders of `*.yaml` / `*.yml`), going on
    /// after errors so that one bad view costs only itself.
    ///
    /// Views are laid out on `jobs` threads; whatever the number, results are handed over in
    /// the order of a sequential run (see `OrderedParallel`).
    ///
    /// - Parameters:
    ///   - jobs: how many views to lay out at once.
    ///   - shard: which part of the batch to run.
    ///   - emit: receives each JSON line (without its newline) in `.jsonLines` mode.
    ///   - report: receives each error.
    ///   - warn: receives each warning for a plugin's author (an answer the workbench repaired).
    ///   - progress: after each view or error, the number done and the number in all.
    public func run(paths: [String], jobs: Int = 1, shard: Shard = .whole, emit: (ArraySlice<UInt8>) -> Void,
                    report: (Diagnostic) -> Void, warn: (String) -> Void = { _ in },
                    progress: (Int, Int) -> Void = { _, _ in }) -> Summary {
        let steps = BatchPlan(paths: paths, loader: loader, shard: shard).steps
        var summary = Summary()
        OrderedParallel.run(count: steps.count, jobs: jobs, work: { index -> (Result<[UInt8], Diagnostic>, [String]) in
            switch steps[index] {
            case .failure(let error): return (.failure(error), [])
            case .view(let workspace, let view):
                var warnings: [String] = []
                do throws(WorkbenchError) {
                    return (.success(try layOut(view, of: workspace, warnings: &warnings)), warnings)
                } catch {
                    return (.failure(error.diagnostic), warnings)
                }
            }
        }, deliver: { index, outcome in
            outcome.1.forEach(warn)
            switch outcome.0 {
            case .success(let line):
                if case .jsonLines = output { emit(line[...]) }
                summary.viewsLaidOut += 1
            case .failure(let error):
                report(error)
                summary.failures += 1
            }
            progress(index + 1, steps.count)
        })
        return summary
    }

    /// Lays out one view whole: its JSON line in `.jsonLines` mode, or its files written and
    /// nothing returned in `.directory` mode; the plugin's warnings go to `warnings`.
    private func layOut(_ view: ViewDefinition, of workspace: Workspace, warnings: inout [String]) throws(WorkbenchError) -> [UInt8] {
        let session = try ViewSession(view: view, in: workspace, plugins: plugins)
        session.timeout = timeout
        let collected = WarningList()
        session.warn = { collected.lines.append("\(workspace.file.path): \($0)") }
        defer { warnings = collected.lines }
        let elements = try session.elements(in: .everything)
        let contentSize = try session.contentSize()
        // JSON has no non-finite numbers, and a `null` in their place would be a wrong answer.
        func checkFinite(_ writer: JSONWriter) throws(WorkbenchError) {
            guard writer.nonFiniteNumberCount == 0 else {
                throw WorkbenchError(.layout, workspace.file.error(
                    "view '\(view.name)' (\(view.layout)): the layout produced \(writer.nonFiniteNumberCount) number(s) that are not finite (NaN or infinite); nothing was written",
                    at: view.mark))
            }
        }
        switch output {
        case .jsonLines:
            var writer = JSONWriter(capacity: 256 + elements.count * 160)
            writer.viewLayout(workspace: workspace.name, view: view, contentSize: contentSize, elements: elements)
            try checkFinite(writer)
            return writer.bytes
        case .directory(let directory):
            var writer = JSONWriter(pretty: true)
            writer.viewLayout(workspace: workspace.name, view: view, contentSize: contentSize, elements: elements)
            try checkFinite(writer)
            writer.bytes.append(UInt8(ascii: "\n"))
            let folder = (directory as NSString).appendingPathComponent(WorkspaceFiles.safeName(workspace.name))
            let file = (folder as NSString).appendingPathComponent(WorkspaceFiles.safeName(view.name) + ".json")
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(writer.bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
                if writesPictures {
                    let renderer = SVGRenderer(cellShape: view.layout == "circles" ? .ellipse : .rectangle)
                    let data = session.source.data.source
                    let picture = renderer.render(title: "\(workspace.name) / \(view.name) (\(view.layout))", contentSize: contentSize,
                                                  elements: elements, cellLabel: { Self.label(data.value(at: $0)) })
                    let pictureFile = (folder as NSString).appendingPathComponent(WorkspaceFiles.safeName(view.name) + ".svg")
                    try Data(picture.utf8).write(to: URL(fileURLWithPath: pictureFile), options: .atomic)
                }
            } catch {
                throw WorkbenchError(.workspace, Diagnostic(path: file, message: "cannot write the layout: \(error.localizedDescription)"))
            }
            return []
        }
    }
}

/// The warnings of one view's plugin, collected on the thread that lays the view out.
private final class WarningList {
    var lines: [String] = []
}

extension BatchRunner {
    /// A data item as a picture's label: its `name` or `title`, or the item itself if it is a
    /// number or a string.
    static func label(_ item: Value) -> String? {
        switch item {
        case .number(let number): return number.compactDescription
        case .string(let string): return string
        case .map(let fields): return (fields["name"] ?? fields["title"]).flatMap(label)
        default: return nil
        }
    }
}

extension JSONWriter {
    /// `{contentSize, elements, layout, view, workspace}`: one view, laid out whole.
    package mutating func viewLayout(workspace: String, view: ViewDefinition, contentSize: Size, elements: [LayoutAttributes]) {
        beginObject()
        key("contentSize"); size(contentSize)
        key("elements")
        beginArray()
        for element in elements { attributes(element) }
        endArray()
        key("layout"); string(view.layout)
        key("view"); string(view.name)
        key("workspace"); string(workspace)
        endObject()
    }
}
