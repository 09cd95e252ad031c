import Foundation
import LayoutKit
import ParallelWork
import PluginHost
import Sessions
import SourceDiagnostics
import WorkspaceBatch
import WorkspaceModel

/// `workbench run`: lays out every view of every workspace, whole, and writes the results.
///
/// Output goes through the closures it is given; the runner itself never prints.
public struct LayoutBatch: Sendable {
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
    /// With `.directory`, the pictures drawn of each view beside its JSON.
    public var pictures = Pictures()

    public init(plugins: PluginCatalog, output: Output = .jsonLines) {
        self.plugins = plugins
        self.output = output
    }

    /// What a run did.
    public struct Summary: Equatable, Sendable {
        public var viewsLaidOut = 0
        /// Views that could not be laid out (their plugin, options, data or source failed).
        public var viewsFailed = 0
        /// Workspace and data files that are not there.
        public var filesMissing = 0
        /// Workspace and data files that are there but could not be read or were not what they must be.
        public var filesUnreadable = 0
        /// Other errors: problems of a workspace that fail no view (a source no view uses).
        public var otherErrors = 0

        /// Whether anything failed: the run's exit status is then 1.
        public var hasFailures: Bool { viewsFailed + filesMissing + filesUnreadable + otherErrors > 0 }

        /// `N views laid out, M failed`, then `, K files missing`, `, J files unreadable` and
        /// `, E other errors` when there are any.
        public var text: String {
            var text = "\(viewsLaidOut) \(viewsLaidOut == 1 ? "view" : "views") laid out, \(viewsFailed) failed"
            if filesMissing > 0 { text += ", \(filesMissing) \(filesMissing == 1 ? "file" : "files") missing" }
            if filesUnreadable > 0 {
                text += ", \(filesUnreadable) \(filesUnreadable == 1 ? "file" : "files") unreadable"
            }
            if otherErrors > 0 { text += ", \(otherErrors) other \(otherErrors == 1 ? "error" : "errors")" }
            return text
        }

        mutating func count(_ failure: BatchViews.Failure) {
            switch failure {
            case .view: viewsFailed += 1
            case .missingFile: filesMissing += 1
            case .unreadableFile: filesUnreadable += 1
            case .other: otherErrors += 1
            }
        }
    }

    /// Runs every workspace in `paths` (files, or folders of `*.yaml` / `*.yml`), going on
    /// after errors so that one bad view costs only itself.
    ///
    /// Views are laid out on `jobs` threads; whatever the number, results are handed over in
    /// the order of a sequential run (see `OrderedParallel`). Output is streamed: a view's JSON
    /// goes out in pieces of about 1 MiB, written straight from the plugin's records, so no
    /// view's whole text is ever held. In `.jsonLines` mode one view streams at a time, in
    /// order; with several jobs, small views are written ahead into memory by the workers and
    /// large ones wait prepared for their turn. In `.directory` mode workers stream each view
    /// to its own file.
    ///
    /// - Parameters:
    ///   - jobs: how many views to lay out at once.
    ///   - shard: which part of the batch to run.
    ///   - write: receives the `.jsonLines` output in pieces, in order; each view's line ends
    ///     with a newline.
    ///   - report: receives each error.
    ///   - warn: receives each warning for a plugin's author (an answer the workbench repaired).
    ///   - note: receives each view's picture note, in order (`PictureNote`: a PNG in tiles,
    ///     of a part, or below 1 pixel a point, and the files written).
    ///   - progress: after each view or error, the number done and the number in all.
    public func run(
        paths: [String], jobs: Int = 1, shard: Shard = .whole, write: (ArraySlice<UInt8>) -> Void,
        report: (Diagnostic) -> Void, warn: (String) -> Void = { _ in }, note: (String) -> Void = { _ in },
        progress: (Int, Int) -> Void = { _, _ in }
    ) -> Summary {
        let steps = BatchViews(paths: paths, loader: loader, shard: shard).steps
        var summary = Summary()
        OrderedParallel.run(
            count: steps.count, jobs: jobs,
            work: { index -> ViewOutcome in
                switch steps[index] {
                case .failure(let error, let failure): return .failed(error, [], failure)
                case .view(let workspace, let view): return lay(view, of: workspace, writesAhead: jobs > 1)
                }
            },
            deliver: { index, outcome in
                switch outcome {
                case .written(let bytes, let warnings, let pictureNote):
                    warnings.forEach(warn)
                    pictureNote.map(note)
                    write(bytes[...])
                    summary.viewsLaidOut += 1
                case .prepared(let prepared):
                    do throws(ViewSessionError) {
                        try prepared.write(pretty: false) { write($0) }
                        prepared.warnings.lines.forEach(warn)
                        summary.viewsLaidOut += 1
                    } catch {
                        prepared.warnings.lines.forEach(warn)
                        report(error.diagnostic)
                        summary.viewsFailed += 1
                    }
                case .failed(let error, let warnings, let failure):
                    warnings.forEach(warn)
                    report(error)
                    summary.count(failure)
                }
                progress(index + 1, steps.count)
            })
        return summary
    }

    /// Views of at most this many elements are written ahead into memory by a worker.
    static let writeAheadLimit = 50_000

    /// What a worker did with one view.
    enum ViewOutcome: Sendable {
        /// Output ready (`.jsonLines`; nothing in `.directory` mode, the file is written), the
        /// warnings, and the pictures' note.
        case written([UInt8], [String], String?)
        /// Prepared, to be streamed in its turn.
        case prepared(PreparedView)
        case failed(Diagnostic, [String], BatchViews.Failure)
    }

    /// Prepares one view, and writes it if it is a file or small enough to write ahead.
    private func lay(_ view: ViewDefinition, of workspace: Workspace, writesAhead: Bool) -> ViewOutcome {
        var prepared: PreparedView?
        do throws(ViewSessionError) {
            let view = try PreparedView(view, of: workspace, plugins: plugins, timeout: timeout)
            prepared = view
            switch output {
            case .directory(let directory):
                let note = try view.writeFiles(in: directory, pictures: pictures)
                return .written([], view.warnings.lines, note)
            case .jsonLines:
                guard writesAhead, view.estimatedElements <= Self.writeAheadLimit else { return .prepared(view) }
                var bytes: [UInt8] = []
                try view.write(pretty: false) { bytes.append(contentsOf: $0) }
                return .written(bytes, view.warnings.lines, nil)
            }
        } catch {
            return .failed(error.diagnostic, prepared?.warnings.lines ?? [], .view)
        }
    }
}
