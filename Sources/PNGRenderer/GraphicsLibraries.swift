#if os(Linux)
    internal import CGraphicsLoader
#endif

/// cairo and Pango, opened when the first picture is drawn or read, not when the process starts.
///
/// On Linux the workbench does not link them: `CGraphicsLoader` defines the functions this module
/// calls, under their own names, and opens the libraries by soname (`dlopen`) on first use, so a
/// process that never draws (`serve`, a plugin child, `run` without `--png`) never maps them.
/// On macOS they are linked as usual, and `load()` has nothing to do.
enum GraphicsLibraries {
    /// Opens the libraries the first time, once however many threads ask; later calls only say
    /// how that went. Call it before drawing: a stub called when they cannot be opened stops the process.
    ///
    /// - Throws: why they cannot be used — a library or a function missing, in `dlerror`'s words
    ///   ("libcairo.so.2: cannot open shared object file: No such file or directory") — every time.
    static func load() throws(PNGPainter.Failure) {
        #if os(Linux)
            if let reason = workbench_graphics_load() {
                throw failure(String(cString: reason))
            }
        #endif
    }

    #if os(Linux)
        /// What `load()` would throw with these libraries (sonames or paths) in place of the system's,
        /// or nil when they would do; the libraries the drawing calls stay as they are.
        static func check(cairo: String, pangocairo: String, pango: String, gobject: String) -> PNGPainter.Failure? {
            var error = [CChar](repeating: 0, count: 512)
            let reason = error.withUnsafeMutableBufferPointer { buffer in
                workbench_graphics_check(cairo, pangocairo, pango, gobject, buffer.baseAddress, buffer.count).map {
                    String(cString: $0)
                }
            }
            return reason.map(failure)
        }
    #endif

    private static func failure(_ reason: String) -> PNGPainter.Failure {
        PNGPainter.Failure(message: "cairo and Pango could not be loaded: \(reason)")
    }
}
