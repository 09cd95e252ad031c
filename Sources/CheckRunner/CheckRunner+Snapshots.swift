import BatchRunner
import Foundation
import JSON
import JSONOutput
import LayoutKit
import Sessions
import WorkspaceModel

extension CheckRunner {
    /// Records the view's layout, or compares it with the recorded one, in `run --output`'s format.
    func compareSnapshot(
        _ snapshots: Snapshots, session: ViewSession, of workspace: Workspace, into outcome: inout ViewOutcome
    ) {
        let view = session.view
        let prefix = "view '\(view.name)' (\(view.layout)): snapshot: "
        func fail(_ message: String) {
            outcome.lines.append(workspace.file.error(prefix + message, at: view.mark).summary)
            outcome.violations += 1
        }
        let elements: [LayoutAttributes], contentSize: Size
        do throws(ViewSessionError) {
            elements = try session.elements(in: .everything)
            contentSize = try session.contentSize()
        } catch {
            return fail("layout: the view cannot be laid out whole: \(error.diagnostic.message)")
        }
        var writer = JSONWriter(pretty: true)
        writer.viewLayout(workspace: workspace.name, view: view, contentSize: contentSize, elements: elements)
        writer.bytes.append(UInt8(ascii: "\n"))
        let folder = (snapshots.directory as NSString).appendingPathComponent(WorkspaceFiles.safeName(workspace.name))
        let file = (folder as NSString).appendingPathComponent(WorkspaceFiles.safeName(view.name) + ".json")
        if snapshots.isRecording {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(writer.bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
                outcome.isRecorded = true
            } catch {
                outcome.lines.append("\(file): error: cannot write the snapshot: \(error.localizedDescription)")
                outcome.isError = true
            }
            return
        }
        guard let recorded = FileManager.default.contents(atPath: file) else {
            return fail("layout: nothing recorded at \(file); record it with --record")
        }
        do {
            let differences = try SnapshotComparison.differences(recorded: Array(recorded), now: writer.bytes)
            for difference in differences.prefix(maximumDifferences) {
                fail("\(difference.element): \(difference.detail)")
            }
            if differences.count > maximumDifferences {
                fail("layout: \(differences.count - maximumDifferences) more differences from \(file) not shown")
            }
        } catch {
            fail("layout: \(file) is not JSON: \(error)")
        }
    }
}
