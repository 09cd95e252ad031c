import Foundation
import LayoutKit
import PNGRenderer
import SVGRenderer
import Sessions
import SourceDiagnostics
import WorkspaceBatch

extension LayoutBatch {
    /// The pictures `run --output` draws of each view, beside its JSON: `<view>.svg` of the
    /// whole content, `<view>.png` of the whole content or of `rect`.
    public struct Pictures: Sendable {
        public var svg = false
        public var png = false
        /// The part of each view the PNG shows; nil for all of its content.
        public var rect: Rect?

        public init(svg: Bool = false, png: Bool = false, rect: Rect? = nil) {
            self.svg = svg
            self.png = png
            self.rect = rect
        }

        /// Draws `view`'s pictures into `folder`, each written whole (atomically).
        func write(_ view: PreparedView, in folder: String) throws(ViewSessionError) {
            guard svg || png else { return }
            let name = (folder as NSString).appendingPathComponent(WorkspaceFiles.safeName(view.view.name))
            let data = view.session.source.data.source
            let label = { (path: ItemPath) in data.value(at: path).label }
            let shape = SVGPainter.CellShape(layout: view.view.layout)
            do {
                if svg {
                    let picture = SVGPainter(cellShape: shape).render(
                        title: "\(view.workspace.name) / \(view.view.name) (\(view.view.layout))",
                        contentSize: view.contentSize,
                        elements: try view.session.elements(in: .everything), direction: view.view.direction,
                        cellLabel: label)
                    try Data(picture.utf8).write(to: URL(fileURLWithPath: name + ".svg"), options: .atomic)
                }
                if png {
                    let area =
                        rect
                        ?? Rect(
                            x: 0, y: 0, width: max(1, view.contentSize.width), height: max(1, view.contentSize.height))
                    let picture = try PNGPainter(cellShape: shape).render(
                        rect: area, elements: try view.session.elements(in: area), direction: view.view.direction,
                        cellLabel: label)
                    try Data(picture.png).write(to: URL(fileURLWithPath: name + ".png"), options: .atomic)
                }
            } catch let error as ViewSessionError {
                throw error
            } catch {
                throw ViewSessionError(
                    .workspace,
                    view.workspace.file.error(
                        "view '\(view.view.name)': cannot draw the picture: \(error)", at: view.view.mark))
            }
        }
    }
}
