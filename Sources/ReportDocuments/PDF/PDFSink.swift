/// Where cairo's bytes go while a PDF is drawn: memory (``PDFByteSink``) or a file (``PDFFileSink``). The drawing
/// is the same for both.
protocol PDFSink: AnyObject {
    /// Takes the next bytes of the document; `false` stops the document (the sink keeps why in ``failure``).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool

    /// The first write that failed, as the fact to throw instead of cairo's own "write error".
    var failure: PDFRenderError? { get }
}
