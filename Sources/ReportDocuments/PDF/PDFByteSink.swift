import Foundation

/// Collects the bytes cairo writes while it makes a PDF, in memory (no temporary files).
final class PDFByteSink: PDFSink {
    private(set) var bytes = Data()

    init(expectedByteCount: Int) {
        bytes.reserveCapacity(expectedByteCount)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        self.bytes.append(contentsOf: bytes)
        return true
    }

    /// Memory never refuses bytes (running out of it ends the program).
    var failure: PDFRenderError? { nil }
}
