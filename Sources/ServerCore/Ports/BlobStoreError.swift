
/// What a blob store refused or could not do, as facts (failures of the file system itself are `FileWriteError`s
/// naming the operation and the path; the server words these where it reports them).
package enum BlobStoreError: Error, Sendable, Hashable {
    /// No bytes are kept for the upload (never opened at 0, or promoted or discarded since).
    case uploadMissing(UploadID)
    /// The upload's kept bytes end before the offset it was to be opened (or read) at.
    case uploadShorter(UploadID, length: Int, offset: Int)
    /// The upload's writer was used after ``PartialBlobWriter/finish()``.
    case writerFinished(UploadID)

    // MARK: - Object storage

    /// The object store did not answer: the connection was refused or timed out, or the name did not resolve.
    case unreachable(endpoint: String, reason: String)
    /// The object store refused the request's credentials or access to the bucket (`code` is its error code, such as
    /// `InvalidAccessKeyId`, `SignatureDoesNotMatch` or `AccessDenied`).
    case accessRefused(bucket: String, code: String)
    /// The bucket is not there.
    case bucketMissing(String)
    /// The object store answered an operation on `key` with an error status (`code` is its error code, if it gave one).
    case storeFailed(operation: String, key: String, status: Int, code: String)
}
