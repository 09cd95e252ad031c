import Foundation
import LayoutKit
import PNGRenderer

/// The line `run` says on standard error about a view's PNG that is not the whole view in one
/// picture at 1 pixel a point — drawn in tiles, of a part only, or below that scale — naming
/// the files written:
///
///     out/tv-guide/listings-tile-001.png, listings-tile-002.png: view 'listings' (4440 × 780 points):
///     the whole drawn at 1 pixel a point in 2 tiles, 2 across and 1 down, numbered row by row:
///     it is more than 4096 pixels wide
///
/// (one line).
struct PictureNote {
    let view: String
    let contentSize: Size
    let grid: TileGrid
    /// Whether the grid covers a part asked for (`--rect`) rather than the whole content.
    let isPart: Bool
    /// The files written, in tile order.
    let files: [String]

    /// The note, or nil for a view drawn whole in one picture at 1 pixel a point or more.
    var text: String? {
        guard grid.count > 1 || isPart || grid.scale < 1, let first = files.first else { return nil }
        let rest = files.dropFirst().map { ($0 as NSString).lastPathComponent }
        let names = rest.count <= 2 ? ([first] + rest).joined(separator: ", ") : "\(first) … \(rest.last!)"
        let rect = grid.rect
        var text =
            "\(names): view '\(view)' (\(Self.format(contentSize.width)) × \(Self.format(contentSize.height)) points): "
        text +=
            isPart
            ? "the part \([rect.x, rect.y, rect.width, rect.height].map(Self.format).joined(separator: ","))"
            : "the whole"
        text += " drawn at \(Self.pixels(grid.scale)) a point"
        if isPart, !rect.intersects(Rect(x: 0, y: 0, width: contentSize.width, height: contentSize.height)) {
            text += ", outside the content: the picture is blank"
        }
        if grid.count > 1 {
            let sides = [grid.columns > 1 ? "wide" : nil, grid.rows > 1 ? "tall" : nil].compactMap { $0 }
            text +=
                " in \(grid.count) tiles, \(grid.columns) across and \(grid.rows) down, numbered row by row: it is more than \(PNGPainter.maximumSide) pixels \(sides.joined(separator: " and "))"
        }
        if grid.scale < 1 {
            text +=
                "; below 1 pixel a point, the readable scale, labels under \(Self.format(PNGPainter.smallestLabelPixels)) pixels are left out"
        }
        return text
    }

    /// `-tile-001.png`: the end of tile `number`'s file name (numbers from 1, three digits).
    static func tileSuffix(_ number: Int) -> String {
        "-tile-" + String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number) + ".png"
    }

    /// A grid that cannot be drawn, in words: `subject` is "the view (W × H points)" or "the
    /// rect"; `remedy` says what to do instead.
    static func words(_ failure: TileGrid.Failure, of subject: String, scale: Double, remedy: String) -> String {
        switch failure {
        case .notDrawable(let reason):
            return reason
        case .tooManyTiles(let needed, let limit):
            let count = needed < 1e15 ? format(needed) : "more than 10^15"
            return
                "\(subject) would need \(count) tiles of \(PNGPainter.maximumSide) pixels a side at \(pixels(scale)) a point, more than \(limit); \(remedy)"
        }
    }

    /// `1 pixel`, `0.5 pixels`.
    static func pixels(_ scale: Double) -> String {
        "\(format(scale)) \(scale == 1 ? "pixel" : "pixels")"
    }

    /// A number as a person writes it: whole numbers without a point, others to two places at most.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        var text = String(format: abs(number) < 1 ? "%.3g" : "%.2f", number)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
