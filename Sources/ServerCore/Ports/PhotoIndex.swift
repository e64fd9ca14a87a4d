import Domain
import Foundation

/// Which photos each user uploaded, and the uploads under way. The bytes are in the ``BlobStore``, once per
/// SHA-256 whoever uploaded them; a user reaches only the photos they uploaded themselves.
package protocol PhotoIndex: Sendable {
    /// Records that `owner` uploaded the photo whole. Recording it again changes nothing.
    /// - Parameter photoBytes: the bound on the bytes of the owner's photos, checked with theirs in the same
    ///   transaction.
    /// - Returns: whether it was new for `owner`.
    /// - Throws: the allowance's ``ServerRefusal``, recording nothing.
    @discardableResult
    func recordPhoto(_ photo: StoredPhoto, owner: AccountID, at date: Date, within photoBytes: Allowance?) async throws -> Bool

    /// The photo, if `owner` uploaded it whole.
    func photo(_ contentHash: ContentHash, owner: AccountID) async throws -> StoredPhoto?

    /// Of these hashes, the ones `owner` has not uploaded whole, in the order given.
    func missingPhotos(_ hashes: [ContentHash], owner: AccountID) async throws -> [ContentHash]

    // MARK: - Partial uploads

    /// The upload of these bytes `owner` began and has not finished, if any.
    func partialUpload(_ contentHash: ContentHash, owner: AccountID) async throws -> PartialUpload?

    /// Records a new partial upload, replacing one `owner` had for the same bytes. From then on the upload holds the
    /// bytes' hash: nobody removes bytes stored under it until the upload ends.
    /// - Parameter uploads: the bound on the owner's uploads under way, checked with theirs in the same transaction.
    /// - Returns: the id of the upload it replaced, whose bytes can go.
    /// - Throws: the allowance's ``ServerRefusal``; ``ServerRefusal/busy(what:limit:retryAfter:)`` while the same bytes
    ///   are being removed (``releasePhoto(_:owner:at:)``), recording nothing.
    func beginUpload(_ upload: PartialUpload, within uploads: Allowance?) async throws -> UploadID?

    /// Records how many bytes of the upload are stored durably.
    func setOffset(_ offset: Int, of upload: UploadID) async throws

    /// Forgets the upload (finished, or given up).
    func endUpload(_ upload: UploadID) async throws

    /// The bytes of the owner's stored photos, and how many uploads they have under way.
    func usage(of owner: AccountID) async throws -> (photoBytes: Int, uploads: Int)

    // MARK: - Erasure and expiry

    /// Forgets that the owner uploaded these bytes; then as ``releaseBytes(_:at:)``, in the same transaction.
    /// - Returns: whether the bytes are now the caller's to remove.
    func releasePhoto(_ contentHash: ContentHash, owner: AccountID, at date: Date) async throws -> Bool

    /// When nobody holds these bytes — no owner's photo, no upload under way — marks them as being removed and
    /// answers `true`: the caller removes them and then calls ``bytesRemoved(_:)``. Until then (or until
    /// ``ServerLimits/bytesRemovalBound`` has passed) no upload of the same bytes begins, so a removal never takes
    /// bytes a new upload stored. Answers `false`, marking nothing, while anyone holds them.
    func releaseBytes(_ contentHash: ContentHash, at date: Date) async throws -> Bool

    /// The bytes marked by ``releaseBytes(_:at:)`` are gone; uploads of them may begin again.
    func bytesRemoved(_ contentHash: ContentHash) async throws

    /// Ends every upload begun before `date` and hands each back, once, whichever instance asks (so its bytes can go).
    func sweepUploads(startedBefore date: Date) async throws -> [PartialUpload]
}

extension PhotoIndex {
    /// Removes bytes released to the caller (``releasePhoto(_:owner:at:)``, ``releaseBytes(_:at:)`` answered `true`)
    /// from `blobs`, then lets uploads of them begin again.
    package func removeReleased(_ contentHash: ContentHash, from blobs: any BlobStore) async throws {
        try await blobs.remove(contentHash, kind: .photo)
        try await bytesRemoved(contentHash)
    }

    /// Records the photo, bound by nothing.
    @discardableResult
    package func recordPhoto(_ photo: StoredPhoto, owner: AccountID, at date: Date) async throws -> Bool {
        try await recordPhoto(photo, owner: owner, at: date, within: nil)
    }

    /// Records a new partial upload, bound by nothing.
    package func beginUpload(_ upload: PartialUpload) async throws -> UploadID? {
        try await beginUpload(upload, within: nil)
    }
}

extension PhotoIndex {
    /// The photos the report names that the owner has not finished sending (none stored for them), in the report's
    /// order.
    package func photosNotHeld(in report: CrashReport, owner: AccountID) async throws -> [ContentHash] {
        var missing: [ContentHash] = []
        var seen: Set<ContentHash> = []
        for hash in report.allPhotos.map(\.contentHash) where seen.insert(hash).inserted {
            if try await photo(hash, owner: owner) == nil { missing.append(hash) }
        }
        return missing
    }
}
