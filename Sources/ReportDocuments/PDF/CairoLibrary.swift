import CCairo

/// The system's cairo and Pango, opened when a PDF is first drawn rather than when the program starts (see `CCairo`).
enum CairoLibrary {
    /// Opens cairo and Pango if they are not open yet; every drawing starts here.
    /// - Throws: `PDFRenderError.libraryMissing` naming the library that cannot be loaded, with the loader's reason.
    static func open() throws(PDFRenderError) {
        if let reason = crash_cairo_open() {
            let library = crash_cairo_unopened_library().map { String(cString: $0) } ?? "libcairo.so.2"
            throw .libraryMissing(library: library, reason: String(cString: reason))
        }
    }
}
