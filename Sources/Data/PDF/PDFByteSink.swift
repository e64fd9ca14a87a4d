import CCairo
import Foundation

/// Collects the bytes cairo writes while it makes a PDF, in memory (no temporary files).
final class PDFByteSink {
    private(set) var bytes = Data()

    init(expectedByteCount: Int) {
        bytes.reserveCapacity(expectedByteCount)
    }

    /// cairo's write callback; `closure` is an unretained pointer to the sink.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<PDFByteSink>.fromOpaque(closure).takeUnretainedValue()
        if length > 0 {
            guard let data else { return CAIRO_STATUS_WRITE_ERROR }
            sink.bytes.append(data, count: Int(length))
        }
        return CAIRO_STATUS_SUCCESS
    }
}
