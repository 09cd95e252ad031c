internal import CCairo
import Foundation
import LayoutKit
import SVGRenderer

/// A cairo image surface and its drawing context: the one place that calls cairo to draw.
final class Canvas {
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// A blank ARGB picture of `width` × `height` pixels (each 1…`PNGPainter.maximumSide`).
    ///
    /// - Throws: when cairo and Pango cannot be loaded (`GraphicsLibraries`), or cairo fails.
    init(width: Int, height: Int) throws(PNGPainter.Failure) {
        try GraphicsLibraries.load()
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw PNGPainter.Failure(message: "cairo could not make a \(width) × \(height) picture")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw PNGPainter.Failure(message: "cairo could not make a \(width) × \(height) picture: \(reason)")
        }
        self.surface = surface
        self.context = context
        labels = LabelSetter(context: context)
    }

    /// Sets and draws the picture's labels.
    let labels: LabelSetter

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Paints the whole picture with `colour`.
    func fill(_ colour: ElementStyle.Colour) {
        setColour(colour, alpha: 1)
        cairo_paint(context)
    }

    /// From now on, points: `origin` at the top-left pixel, `scale` pixels per point.
    func setTransform(scale: Double, origin: Point) {
        cairo_identity_matrix(context)
        cairo_scale(context, scale, scale)
        cairo_translate(context, -origin.x, -origin.y)
        labels.contextChanged()
    }

    func rectangle(_ rect: Rect) {
        cairo_new_path(context)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    }

    /// The ellipse in `rect` (both sides positive).
    func ellipse(in rect: Rect) {
        cairo_new_path(context)  // else the arc starts with a line from where the last label ended
        cairo_save(context)
        cairo_translate(context, rect.midX, rect.midY)
        cairo_scale(context, rect.width / 2, rect.height / 2)
        cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(context)
    }

    /// Fills the current shape and outlines it with a line one pixel wide.
    func paint(fill: ElementStyle.Colour, stroke: ElementStyle.Colour, alpha: Double) {
        setColour(fill, alpha: alpha)
        cairo_fill_preserve(context)
        var width = 1.0, unused = 0.0
        cairo_device_to_user_distance(context, &width, &unused)
        cairo_set_line_width(context, abs(width))
        setColour(stroke, alpha: alpha)
        cairo_stroke(context)
    }

    /// The picture as a PNG file.
    func png() throws(PNGPainter.Failure) -> [UInt8] {
        cairo_surface_flush(surface)
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGPainter.Failure(
                message: "cairo could not write the PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }

    private func setColour(_ colour: ElementStyle.Colour, alpha: Double) {
        cairo_set_source_rgba(
            context, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255, alpha)
    }
}

/// Collects what cairo writes.
private final class ByteSink {
    var bytes: [UInt8] = []
}
