import LayoutKit
import PluginHost
import WorkspaceModel

extension ViewSession {
    /// Starts the view with the sizes an app measured (`preferredSizes: FILE`): the layout is
    /// told them before its first prepare. Cells are checked against the data now, other
    /// views once the layout is prepared.
    ///
    /// - Throws: a workspace error at the entry naming a cell the data does not have.
    func takeMeasuredSizes(_ measured: MeasuredSizes) throws(ViewSessionError) {
        let counts = source.data.source.sectionCounts
        for entry in measured.sizes {
            let path = entry.element.path
            if entry.element.category == .cell {
                guard path.section < counts.count, path.item < counts[path.section] else {
                    throw ViewSessionError(
                        .workspace,
                        measured.file.error(
                            "view '\(view.name)': the data has no \(entry.element) (source '\(view.source)' has \(counts.count) section(s))",
                            at: entry.mark))
                }
            } else {
                measuredViewsToCheck.append(entry)
            }
            preferredSizes[entry.element] = entry.size
        }
        needsPreferredReplay = !preferredSizes.isEmpty
    }

    /// After the first prepare: every measured view other than a cell must exist.
    func checkMeasuredViews() throws(ViewSessionError) {
        guard !measuredViewsToCheck.isEmpty, let file = view.measuredSizes?.file else { return }
        let entries = measuredViewsToCheck
        measuredViewsToCheck = []
        for entry in entries
        where try call({ () throws(PluginCallError) in try layout.attributes(for: entry.element) }) == nil {
            throw ViewSessionError(
                .workspace,
                file.error("view '\(view.name)' (\(view.layout)): the layout has no \(entry.element)", at: entry.mark))
        }
    }
}
