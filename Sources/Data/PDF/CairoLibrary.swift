import CCairo

/// The system's cairo, opened when a PDF is first drawn rather than when the program starts (see `CCairo`).
enum CairoLibrary {
    /// Opens cairo if it is not open yet; every drawing starts here.
    /// - Throws: `PDFRenderError.libraryMissing` with the loader's reason when the library cannot be loaded.
    static func open() throws(PDFRenderError) {
        if let reason = crash_cairo_open() {
            throw .libraryMissing(reason: String(cString: reason))
        }
    }
}
