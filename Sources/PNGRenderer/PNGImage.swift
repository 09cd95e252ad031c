internal import CCairo
import SVGRenderer

/// A PNG file read back into pixels (with cairo's decoder): to check what a picture shows.
public struct PNGImage: Sendable {
    public let width: Int
    public let height: Int
    /// Premultiplied ARGB, one 32-bit word a pixel, row after row.
    private let pixels: [UInt32]

    /// - Throws: when `png` is not a PNG file cairo can read, or cairo cannot be loaded.
    public init(decoding png: [UInt8]) throws(PNGPainter.Failure) {
        try GraphicsLibraries.load()
        let source = ByteSource(png)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                return Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue().read(
                    into: data, count: Int(length))
                    ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(source).toOpaque())
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw PNGPainter.Failure(
                message: "not a readable PNG: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))"
            )
        }
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt32](repeating: 0, count: width * height)
        if let data = cairo_image_surface_get_data(surface) {
            for row in 0..<height {
                let start = UnsafeRawPointer(data + row * stride)
                for column in 0..<width {
                    pixels[row * width + column] = start.load(fromByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
        self.pixels = pixels
    }

    /// The colour at column `x`, row `y` (opaque pictures: alpha is ignored).
    public func colour(x: Int, y: Int) -> ElementStyle.Colour {
        let pixel = pixels[y * width + x]
        return ElementStyle.Colour(
            red: UInt8(truncatingIfNeeded: pixel >> 16), green: UInt8(truncatingIfNeeded: pixel >> 8),
            blue: UInt8(truncatingIfNeeded: pixel))
    }
}

/// Hands cairo the bytes of a PNG file, a piece at a time.
private final class ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: count) }
        offset += count
        return true
    }
}
