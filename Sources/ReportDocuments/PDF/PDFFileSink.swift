import Foundation
import Storage

/// Writes the bytes cairo makes straight into a staged file (``AtomicFileWriter``), so the document is never held
/// in memory; the file gets its name only once it is whole and flushed.
final class PDFFileSink: PDFSink {
    /// The file the document is written into, unnamed (or under a temporary name) until placed.
    let file: StagedFile
    /// The path the document is for, named in errors.
    private let path: String
    private(set) var failure: PDFRenderError?

    /// Starts an empty file in the folder of `path`.
    init(path: String) throws(PDFRenderError) {
        self.path = path
        do {
            file = try AtomicFileWriter.stageEmpty(inFolder: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        } catch {
            throw Self.writeFailed(error, path: path)
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        do {
            try file.append(bytes)
            return true
        } catch {
            failure = Self.writeFailed(error, path: path)
            return false
        }
    }

    /// Flushes the whole document to disk and names it `path`, replacing what is there in one step.
    func place() throws(PDFRenderError) {
        do {
            try file.flush()
            _ = try file.place(at: path, .replacing)
        } catch {
            throw Self.writeFailed(error, path: path)
        }
    }

    private static func writeFailed(_ error: FileWriteError, path: String) -> PDFRenderError {
        .drawingFailed(step: "writing the document to \(path) (\(error.operation))", reason: error.reason)
    }
}
