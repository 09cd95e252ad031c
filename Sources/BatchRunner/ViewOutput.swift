import Foundation
import JSON
import JSONOutput
import LayoutKit
import PluginHost
import Sessions
import SourceDiagnostics
import WorkspaceBatch
import WorkspaceModel

/// One view laid out and ready to be written: its session (prepared, the plugin holding the
/// layout) and what the output needs besides the elements.
///
/// A view is prepared on whichever thread the batch gives it and written later, possibly on
/// another, so that an ordered parallel run writes one view at a time in order while others
/// wait prepared.
final class PreparedView: @unchecked Sendable {
    // Unchecked: handed from the thread that prepared it to the one that writes it; one thread uses it at a time.
    let session: ViewSession
    let workspace: Workspace
    let view: ViewDefinition
    let contentSize: Size
    let warnings: WarningList

    init(_ view: ViewDefinition, of workspace: Workspace, plugins: PluginCatalog, timeout: Double?)
        throws(ViewSessionError)
    {
        let session = try ViewSession(view: view, in: workspace, plugins: plugins)
        session.timeout = timeout
        let warnings = WarningList()
        session.warn = { warnings.lines.append("\(workspace.file.path): \($0)") }
        self.session = session
        self.workspace = workspace
        self.view = view
        self.warnings = warnings
        contentSize = try session.contentSize()  // prepares the layout
    }

    /// How many elements the view has, as far as the layout says (or its data suggests).
    var estimatedElements: Int { (try? session.numberOfElements()) ?? nil ?? session.source.data.source.numberOfItems }

    /// Writes the view's JSON object (and a newline) to `sink` in pieces of about `chunkSize`
    /// bytes, straight from the plugin's records: the whole text is never held, and nothing is
    /// written unless every number in it is finite. Views of more than `bandSize` elements
    /// are asked for a band at a time (`ElementBands`) when the layout orders its elements
    /// from top to bottom, so that only one band's records are held; otherwise, and after
    /// any repair of a band's answer, the whole answer is taken at once.
    ///
    /// - Parameter retract: for a sink whose bytes can be taken back (a file not yet in
    ///   place), discards everything written so far. With it the bands are asked once and
    ///   written as they come (no check pass): if they turn out not to stand for the whole
    ///   answer, `retract` runs and the whole answer is written instead; a non-finite number
    ///   fails the view after bytes went out (the caller discards them).
    func write(
        pretty: Bool, chunkSize: Int = 1 << 20, bandSize: Int = ElementBands.elementsPerBand,
        retract: (() throws -> Void)? = nil, to sink: (ArraySlice<UInt8>) throws -> Void
    ) throws(ViewSessionError) {
        guard contentSize.width.isFinite, contentSize.height.isFinite else { throw nonFinite(1) }
        if let bands = ElementBands(height: contentSize.height, elements: estimatedElements, perBand: bandSize) {
            if let retract {
                let isWhole = try writeDocument(pretty: pretty, chunkSize: chunkSize, to: sink) {
                    output throws(ViewSessionError) in
                    try writeBands(bands, counts: nil, to: &output)
                }
                if isWhole { return }
                do {
                    try retract()
                } catch {
                    throw ViewSessionError(
                        .workspace,
                        Diagnostic(
                            path: workspace.file.path, message: "cannot write the layout: \(OutputFolder.words(error))"
                        ))
                }
            } else if let counts = try checkBands(bands) {
                try writeDocument(pretty: pretty, chunkSize: chunkSize, to: sink) { output throws(ViewSessionError) in
                    try writeBands(bands, counts: counts, to: &output)
                }
                return
            }
        }
        let outcome: Result<Void, ViewSessionError> = try session.withElementRecords(in: .everything) { records in
            var nonFiniteCount = 0
            for index in 0..<records.count {
                nonFiniteCount += records.nonFiniteExtraNumbers(records[index], at: index)
            }
            guard nonFiniteCount == 0 else { return .failure(nonFinite(nonFiniteCount)) }
            return Result { () throws(ViewSessionError) in
                try writeDocument(pretty: pretty, chunkSize: chunkSize, to: sink) { output throws(ViewSessionError) in
                    for index in 0..<records.count { try output.element(records, index) }
                    return true
                }
            }
        }
        try outcome.get()
    }

    /// Writes `{contentSize, direction, elements, layout, view, workspace}` and a newline, the elements
    /// by `elements`, failing (before the last piece) if any number written is not finite.
    /// Stops as soon as `elements` returns false (the caller takes the bytes back), and
    /// returns false then.
    @discardableResult
    func writeDocument(
        pretty: Bool, chunkSize: Int, to sink: (ArraySlice<UInt8>) throws -> Void,
        elements: (inout ChunkedOutput) throws(ViewSessionError) -> Bool
    ) throws(ViewSessionError) -> Bool {
        try withoutActuallyEscaping(sink) { sink throws(ViewSessionError) -> Bool in
            var output = ChunkedOutput(
                writer: JSONWriter(pretty: pretty, capacity: chunkSize + 4096), chunkSize: chunkSize,
                sink: sink, file: workspace.file.path)
            output.writer.beginObject()
            output.writer.key("contentSize"); output.writer.size(contentSize)
            output.writer.key("direction"); output.writer.string(view.direction.rawValue)
            output.writer.key("elements")
            output.writer.beginArray()
            do throws(ViewSessionError) {
                guard try elements(&output) else { return false }
            } catch {
                // Part of the line is out (only the write pass can fail that late): end it, so
                // that the next view's line stays a line of its own.
                if output.handedOver > 0 { try? sink([UInt8(ascii: "\n")]) }
                throw error
            }
            output.writer.endArray()
            output.writer.key("layout"); output.writer.string(view.layout)
            output.writer.key("view"); output.writer.string(view.name)
            output.writer.key("workspace"); output.writer.string(workspace.name)
            output.writer.endObject()
            output.writer.bytes.append(UInt8(ascii: "\n"))
            guard output.writer.nonFiniteNumberCount == 0 else { throw nonFinite(output.writer.nonFiniteNumberCount) }
            try output.flush()
            return true
        }
    }

    /// Writes `<directory>/<workspace>/<view>.json` (pretty) through a temporary file renamed
    /// into place, and the pictures beside it that are asked for.
    ///
    /// - Returns: the pictures' note for standard error, if they need one (`PictureNote`).
    func writeFiles(in directory: String, pictures: LayoutBatch.Pictures) throws(ViewSessionError) -> String? {
        let folder = (directory as NSString).appendingPathComponent(WorkspaceFiles.safeName(workspace.name))
        let file = (folder as NSString).appendingPathComponent(WorkspaceFiles.safeName(view.name) + ".json")
        func failure(_ error: any Error) -> ViewSessionError {
            ViewSessionError(
                .workspace, Diagnostic(path: file, message: "cannot write the layout: \(OutputFolder.words(error))"))
        }
        let temporary = file + ".partial"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw failure(error)
        }
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw failure(CocoaError(.fileWriteNoPermission))
        }
        do throws(ViewSessionError) {
            defer { try? handle.close() }
            // The file is written on a thread of its own while the next piece is formatted.
            let writes = BackgroundWriter { try handle.write(contentsOf: $0) }
            let written = Result { () throws(ViewSessionError) in
                try write(
                    pretty: true,
                    retract: {
                        try writes.waitForAll(); try handle.truncate(atOffset: 0)
                    }
                ) {
                    try writes.append($0)
                }
            }
            do { try writes.finish() } catch {
                try written.get()
                throw failure(error)
            }
            try written.get()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        do {
            if FileManager.default.fileExists(atPath: file) { try FileManager.default.removeItem(atPath: file) }
            try FileManager.default.moveItem(atPath: temporary, toPath: file)
            return try pictures.write(self, in: folder)
        } catch let error as ViewSessionError {
            throw error
        } catch {
            throw failure(error)
        }
    }

    /// JSON has no non-finite numbers, and a `null` in their place would be a wrong answer.
    func nonFinite(_ count: Int) -> ViewSessionError {
        ViewSessionError(
            .layout,
            workspace.file.error(
                "view '\(view.name)' (\(view.layout)): the layout produced \(count) number(s) that are not finite (NaN or infinite); nothing was written",
                at: view.mark))
    }
}

/// The warnings of one view's plugin, collected on the thread that lays the view out.
final class WarningList {
    var lines: [String] = []
}
