internal import CCairo
internal import CPango
import LayoutKit
import SVGRenderer

/// Sets labels on a cairo context with Pango: shaped by HarfBuzz (Arabic joined, Indic
/// clusters), ordered by the Unicode bidirectional algorithm, with fontconfig's font
/// fallback for scripts and emoji the first face lacks, and cut at the end with an ellipsis
/// when too long. One Pango layout, reused for every label of a picture.
final class LabelSetter {
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private let font: OpaquePointer

    /// A setter drawing on `context` (a `cairo_t`), which must outlive it.
    init(context: OpaquePointer) {
        self.context = context
        layout = pango_cairo_create_layout(context)
        font = pango_font_description_new()
        pango_font_description_set_family(font, "sans-serif")
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_auto_dir(layout, 0)
    }

    deinit {
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Call after the context's transform changed: fonts are hinted for the pixel grid.
    func contextChanged() {
        pango_cairo_update_layout(context, layout)
    }

    /// Sets `label` in `box` (points) and draws it in `colour`.
    ///
    /// - Returns: what was drawn: the text's ink rect in points, whether it was cut, and how
    ///   many of its characters no installed font could show.
    func draw(
        _ label: ElementLabel, in box: ElementLabel.Box, colour: ElementStyle.Colour, alpha: Double
    ) -> PNGPainter.DrawnLabel {
        let scale = Double(PANGO_SCALE)
        pango_font_description_set_absolute_size(font, box.fontSize * scale)
        pango_font_description_set_style(font, label.isPlaceholder ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_context_set_base_dir(
            pango_layout_get_context(layout),
            box.direction == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        pango_layout_context_changed(layout)
        pango_layout_set_width(layout, Int32(clamping: Int((box.width * scale).rounded(.down))))
        pango_layout_set_text(layout, label.text, -1)

        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let textWidth = Double(logical.width) / scale, textHeight = Double(logical.height) / scale
        // The text's logical box starts at `left`, whatever the layout's own alignment.
        let left = box.direction == .rightToLeft ? box.leadingX - textWidth : box.leadingX
        let origin = Point(
            x: left - Double(logical.x) / scale, y: box.midY - textHeight / 2 - Double(logical.y) / scale)
        cairo_set_source_rgba(
            context, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255, alpha)
        cairo_move_to(context, origin.x, origin.y)
        pango_cairo_show_layout(context, layout)
        return PNGPainter.DrawnLabel(
            label: label,
            inkFrame: Rect(
                x: origin.x + Double(ink.x) / scale, y: origin.y + Double(ink.y) / scale,
                width: Double(ink.width) / scale, height: Double(ink.height) / scale),
            isEllipsized: pango_layout_is_ellipsized(layout) != 0,
            missingGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout)))
    }
}
