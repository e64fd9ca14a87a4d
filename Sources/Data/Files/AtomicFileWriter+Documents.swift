import Domain
import Foundation
import Storage

extension AtomicFileWriter {
    /// Writes a document to `path` whole or not at all, owner-only (0600).
    /// - Parameter replacing: whether a file already at `path` may be replaced. When not, the finished file is
    ///   linked into place create-only, which fails if a file appeared there meanwhile: nobody's file is replaced unasked.
    /// - Throws: `ShareError.destinationExists` when not replacing and a file is there; `ShareError.notWritable`
    ///   naming the path and the system's reason.
    static func writeDocument(_ bytes: Data, to path: String, replacing: Bool) throws(ShareError) {
        let outcome: Outcome
        do {
            outcome = try write(bytes, to: path, replacing ? .replacing : .createOnly)
        } catch {
            throw .notWritable(path, reason: error.reason.lowercased())
        }
        if outcome == .alreadyThere { throw .destinationExists(path) }
    }
}
