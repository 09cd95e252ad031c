#if os(Linux)
    import LayoutKit
    @testable import PNGRenderer
    import SVGRenderer
    import Testing

    /// cairo and Pango opened at run time: a library or a function missing is a failure that names
    /// it, in `dlerror`'s words, and leaves the drawing as it was.
    struct GraphicsLibrariesTests {
        /// What `GraphicsLibraries.check` says of the system's libraries with `cairo` or `pango` in place of theirs.
        func failure(cairo: String = "libcairo.so.2", pango: String = "libpango-1.0.so.0") -> String? {
            GraphicsLibraries.check(
                cairo: cairo, pangocairo: "libpangocairo-1.0.so.0", pango: pango, gobject: "libgobject-2.0.so.0")?
                .message
        }

        @Test func theSystemsLibrariesHaveEveryFunctionDrawingCalls() {
            #expect(failure() == nil)
        }

        @Test func aMissingLibraryIsNamed() {
            #expect(
                failure(cairo: "libcairo.so.0-missing")
                    == "cairo and Pango could not be loaded: libcairo.so.0-missing: cannot open shared object file: No such file or directory"
            )
        }

        @Test func aMissingFunctionIsNamedWithItsLibrary() throws {
            // libm has none of cairo's functions, libcairo none of Pango's: the first looked up is named.
            let cairo = try #require(failure(cairo: "libm.so.6"))
            #expect(cairo.hasPrefix("cairo and Pango could not be loaded: /"))
            #expect(cairo.hasSuffix("/libm.so.6: undefined symbol: cairo_image_surface_create"))
            let pango = try #require(failure(pango: "libcairo.so.2"))
            #expect(pango.hasSuffix("/libcairo.so.2: undefined symbol: pango_font_description_new"))
        }

        @Test func drawingWorksAfterAFailedCheck() throws {
            #expect(failure(cairo: "libcairo.so.0-missing") != nil)
            let cell = LayoutAttributes(
                element: ElementID(category: .cell, kind: nil, path: ItemPath(section: 0, item: 0)),
                frame: Rect(x: 10, y: 10, width: 20, height: 20))
            let picture = try PNGPainter().render(rect: Rect(x: 0, y: 0, width: 40, height: 40), elements: [cell])
            let image = try PNGImage(decoding: picture.png)
            #expect(image.colour(x: 20, y: 20) == ElementStyle.colours(.cell).fill)
            #expect(image.colour(x: 2, y: 2) == ElementStyle.background)
        }
    }
#endif
