import Foundation
import LayoutKit
import PNGRenderer
import SVGRenderer
import Sessions
import SourceDiagnostics
import WorkspaceBatch

extension LayoutBatch {
    /// The pictures `run --output` draws of each view, beside its JSON: `<view>.svg` of the
    /// whole content, and `<view>.png` of the whole content or of `rect` at `scale` pixels a
    /// point — or, when that is more than `PNGPainter.maximumSide` pixels on a side, tiles
    /// `<view>-tile-001.png`, `-002`, … of at most that size, row by row from the top left.
    ///
    /// A PNG is never scaled down to fit: 1 pixel a point is the readable scale, and a picture
    /// drawn below it (`scale` < 1), as tiles, or of a part only is said in a note (`PictureNote`).
    public struct Pictures: Sendable {
        public var svg = false
        public var png = false
        /// The part of each view the PNG shows; nil for all of its content.
        public var rect: Rect?
        /// The PNG's pixels a point.
        public var scale = 1.0

        /// The most tiles one view's PNG may take.
        public static let maximumTiles = 256
        /// The scales a PNG may be drawn at, in pixels a point.
        public static let scales = 0.01...16.0

        public init(svg: Bool = false, png: Bool = false, rect: Rect? = nil, scale: Double = 1) {
            self.svg = svg
            self.png = png
            self.rect = rect
            self.scale = scale
        }

        /// What is wrong with `rect` and `scale` before any view is drawn, in words; nil if nothing.
        public var problem: String? {
            guard Self.scales.contains(scale) else {
                return "the scale must be 0.01 to 16 pixels a point, got \(PictureNote.format(scale))"
            }
            guard let rect else { return nil }
            do throws(TileGrid.Failure) {
                _ = try TileGrid(rect: rect, scale: scale, limit: Self.maximumTiles)
                return nil
            } catch {
                return PictureNote.words(
                    error, of: "the rect", scale: scale, remedy: "draw a smaller part, or at a smaller --scale")
            }
        }

        /// Draws `view`'s pictures into `folder`, each written whole (atomically).
        ///
        /// - Returns: a note for standard error when the PNG is not the whole view in one
        ///   picture at 1 pixel a point (`PictureNote`); nil otherwise.
        func write(_ view: PreparedView, in folder: String) throws(ViewSessionError) -> String? {
            guard svg || png else { return nil }
            let name = (folder as NSString).appendingPathComponent(WorkspaceFiles.safeName(view.view.name))
            let data = view.session.source.data.source
            let label = { (path: ItemPath) in data.value(at: path).label }
            let shape = SVGPainter.CellShape(view.session.cellShape)
            func failure(_ reason: String) -> ViewSessionError {
                ViewSessionError(
                    .workspace,
                    view.workspace.file.error(
                        "view '\(view.view.name)': cannot draw the picture: \(reason)", at: view.view.mark))
            }
            do {
                if svg {
                    let picture = SVGPainter(cellShape: shape).render(
                        title: "\(view.workspace.name) / \(view.view.name) (\(view.view.layout))",
                        contentSize: view.contentSize,
                        elements: try view.session.elements(in: .everything), direction: view.view.direction,
                        cellLabel: label)
                    try Data(picture.utf8).write(to: URL(fileURLWithPath: name + ".svg"), options: .atomic)
                }
                guard png else { return nil }
                let area =
                    rect
                    ?? Rect(x: 0, y: 0, width: max(1, view.contentSize.width), height: max(1, view.contentSize.height))
                let grid: TileGrid
                do throws(TileGrid.Failure) {
                    grid = try TileGrid(rect: area, scale: scale, limit: Self.maximumTiles)
                } catch {
                    let size = "\(PictureNote.format(area.width)) × \(PictureNote.format(area.height)) points"
                    throw failure(
                        PictureNote.words(
                            error, of: rect == nil ? "the view (\(size))" : "the rect", scale: scale,
                            remedy: "draw a part with --rect, or at a smaller --scale"))
                }
                let painter = PNGPainter(cellShape: shape)
                var files: [String] = []
                for index in 0..<grid.count {
                    let tile = grid.tile(index)
                    let picture = try painter.render(
                        tile, elements: try view.session.elements(in: tile.rect), direction: view.view.direction,
                        cellLabel: label)
                    let file = grid.count == 1 ? name + ".png" : name + PictureNote.tileSuffix(index + 1)
                    try Data(picture.png).write(to: URL(fileURLWithPath: file), options: .atomic)
                    files.append(file)
                }
                Self.removeStalePictures(of: name, keeping: grid.count)
                return PictureNote(
                    view: view.view.name, contentSize: view.contentSize, grid: grid, isPart: rect != nil, files: files
                ).text
            } catch let error as ViewSessionError {
                throw error
            } catch let error as PNGPainter.Failure {
                throw failure(error.message)
            } catch {
                throw failure("\(error)")
            }
        }

        /// Removes what an earlier run drew of the view and this one did not: `<view>.png` when
        /// the view is now in tiles, tiles past the last one drawn (all of them when it is one picture).
        static func removeStalePictures(of name: String, keeping count: Int) {
            let manager = FileManager.default
            if count > 1 { try? manager.removeItem(atPath: name + ".png") }
            var number = count == 1 ? 1 : count + 1
            while number <= maximumTiles, manager.fileExists(atPath: name + PictureNote.tileSuffix(number)) {
                try? manager.removeItem(atPath: name + PictureNote.tileSuffix(number))
                number += 1
            }
        }
    }
}
