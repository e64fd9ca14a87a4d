import Domain
import Foundation

/// Which photos each user uploaded, and the uploads under way. The bytes are in the ``BlobStore``, once per
/// SHA-256 whoever uploaded them; a user reaches only the photos they uploaded themselves.
package protocol PhotoIndex: Sendable {
    /// Records that `owner` uploaded the photo whole. Recording it again changes nothing.
    /// - Returns: whether it was new for `owner`.
    @discardableResult
    func recordPhoto(_ photo: StoredPhoto, owner: AccountID, at date: Date) async throws -> Bool

    /// The photo, if `owner` uploaded it whole.
    func photo(_ contentHash: ContentHash, owner: AccountID) async throws -> StoredPhoto?

    /// Of these hashes, the ones `owner` has not uploaded whole, in the order given.
    func missingPhotos(_ hashes: [ContentHash], owner: AccountID) async throws -> [ContentHash]

    // MARK: - Partial uploads

    /// The upload of these bytes `owner` began and has not finished, if any.
    func partialUpload(_ contentHash: ContentHash, owner: AccountID) async throws -> PartialUpload?

    /// Records a new partial upload, replacing one `owner` had for the same bytes.
    /// - Returns: the id of the upload it replaced, whose bytes can go.
    func beginUpload(_ upload: PartialUpload) async throws -> UploadID?

    /// Records how many bytes of the upload are stored durably.
    func setOffset(_ offset: Int, of upload: UploadID) async throws

    /// Forgets the upload (finished, or given up).
    func endUpload(_ upload: UploadID) async throws

    /// The bytes of the owner's stored photos, and how many uploads they have under way.
    func usage(of owner: AccountID) async throws -> (photoBytes: Int, uploads: Int)

    // MARK: - Erasure and expiry

    /// Forgets that the owner uploaded these bytes.
    /// - Returns: whether any owner still holds them (their blob is still needed).
    func forgetPhoto(_ contentHash: ContentHash, owner: AccountID) async throws -> Bool

    /// Whether any owner holds these bytes.
    func isPhotoHeld(_ contentHash: ContentHash) async throws -> Bool

    /// Ends every upload begun before `date` and hands each back, once, whichever instance asks (so its bytes can go).
    func sweepUploads(startedBefore date: Date) async throws -> [PartialUpload]
}
