/// What the file blob store refused about an upload, as facts (failures of the file system itself are
/// `FileWriteError`s naming the operation and the path).
enum BlobStoreError: Error, Sendable, Hashable {
    /// No bytes are kept for the upload (never opened at 0, or promoted or discarded since).
    case uploadMissing(UploadID)
    /// The upload's kept bytes end before the offset it was to be opened (or read) at.
    case uploadShorter(UploadID, length: Int, offset: Int)
    /// The upload's writer was used after ``PartialBlobWriter/finish()``.
    case writerFinished(UploadID)
}
