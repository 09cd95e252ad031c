import ContractCheck
import Foundation
import JSON
import JSONOutput
import LayoutKit
import Sessions
import WorkspaceBatch
import WorkspaceModel

extension CheckBatch {
    /// Records the view's layout, or compares it with the recorded one, in `run --output`'s format.
    ///
    /// - Returns: whether the snapshot was recorded.
    func compareSnapshot(
        _ snapshots: Snapshots, session: ViewSession, of workspace: Workspace, into report: inout ViewChecker.ViewReport
    ) -> Bool {
        let view = session.view
        let prefix = "view '\(view.name)' (\(view.layout)): snapshot: "
        func fail(_ message: String) {
            report.findings.append(workspace.file.error(prefix + message, at: view.mark).summary)
            report.violations += 1
        }
        let elements: [LayoutAttributes], contentSize: Size
        do throws(ViewSessionError) {
            elements = try session.elements(in: .everything)
            contentSize = try session.contentSize()
        } catch {
            fail("layout: the view cannot be laid out whole: \(error.diagnostic.message)")
            return false
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
                return true
            } catch {
                report.findings.append("\(file): error: cannot write the snapshot: \(error.localizedDescription)")
                report.isError = true
                return false
            }
        }
        guard let recorded = FileManager.default.contents(atPath: file) else {
            fail("layout: nothing recorded at \(file); record it with --record")
            return false
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
        return false
    }
}
