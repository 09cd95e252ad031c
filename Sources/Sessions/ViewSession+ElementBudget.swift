import LayoutKit
import PluginHost
import WorkspaceModel

extension ViewSession {
    /// Refuses data that would make the layout exceed `WorkspaceLoader.elementLimit` elements, by
    /// the budget its options declare (ABI 2.3: a compositional layout's badges, boundary items
    /// and backgrounds), before it prepares and allocates any of them. O(1). Layouts that declare
    /// nothing make at most `ElementBudget.default`, which `generate:`'s own limit already counts.
    func checkElementBudget() throws(ViewSessionError) {
        let budget = layout.facts.budget
        guard budget != .default else { return }
        let source = source.data.source
        let items = source.numberOfItems, sections = source.numberOfSections
        let (itemCost, itemOverflow) = items.multipliedReportingOverflow(by: budget.perItem)
        let (sectionCost, sectionOverflow) = sections.multipliedReportingOverflow(by: budget.perSection)
        let (cost, sumOverflow) = itemCost.addingReportingOverflow(sectionCost)
        guard itemOverflow || sectionOverflow || sumOverflow || cost > WorkspaceLoader.elementLimit else { return }
        let made = itemOverflow || sectionOverflow || sumOverflow ? "more than \(Int.max)" : "\(cost)"
        throw ViewSessionError(
            .layout,
            workspaceFile.error(
                "view '\(view.name)' (\(view.layout)): its options make up to \(budget.perItem) elements per item and "
                    + "\(budget.perSection) per section, so source '\(view.source)' (\(items) items in \(sections) sections) "
                    + "would make \(made) elements; the limit is \(WorkspaceLoader.elementLimit)",
                at: view.layoutMark))
    }
}
