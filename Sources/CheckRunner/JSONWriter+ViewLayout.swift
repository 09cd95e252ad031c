import JSON
import JSONOutput
import LayoutKit
import WorkspaceModel

extension JSONWriter {
    /// `{contentSize, direction, elements, layout, view, workspace}`: one view, laid out whole,
    /// from decoded elements: the snapshots, in the format `workbench run` streams its views in.
    mutating func viewLayout(
        workspace: String, view: ViewDefinition, contentSize: Size, elements: [LayoutAttributes]
    ) {
        beginObject()
        key("contentSize"); size(contentSize)
        key("direction"); string(view.direction.rawValue)
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
