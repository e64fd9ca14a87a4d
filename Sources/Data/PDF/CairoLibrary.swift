import CCairo

/// The system's cairo, opened when a PDF is first drawn rather than when the program starts (see `CCairo`).
enum CairoLibrary {
    /// Opens cairo if it is not open yet; every drawing starts here.
    /// - Throws: `PDFRenderError.drawingFailed` with the loader's reason when the library cannot be loaded.
    static func open() throws(PDFRenderError) {
        if let reason = crash_cairo_open() {
            throw .drawingFailed(step: "loading the drawing library libcairo.so.2", reason: String(cString: reason))
        }
    }
}
