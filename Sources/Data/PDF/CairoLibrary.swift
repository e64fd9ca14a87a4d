import CCairo

/// The system's cairo, opened when a PDF is first drawn rather than when the program starts (see `CCairo`).
enum CairoLibrary {
    /// Opens cairo if it is not open yet; every drawing starts here.
    /// - Throws: `PDFRenderError.drawingFailed` with the loader's reason when the library cannot be loaded.
    static func open() throws(PDFRenderError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard crash_cairo_open(&reason, reason.count) == 0 else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .drawingFailed(step: "loading the drawing library libcairo.so.2", reason: text)
        }
    }
}
