import Domain
import Foundation

/// A photo upload that has begun and is not whole yet: how long it will be and how much of it the server holds.
package struct PartialUpload: Sendable, Hashable {
    package let id: UploadID
    package let owner: AccountID
    package let contentHash: ContentHash
    /// The photo's length, from the `Content-Length` of the request that began it (the largest photo allowed when it
    /// gave none: such an upload is whole when a request says so).
    package let expectedLength: Int
    /// How many bytes are stored (the offset the next `PATCH` must state).
    package let offset: Int
    package let startedAt: Date

    package init(id: UploadID, owner: AccountID, contentHash: ContentHash, expectedLength: Int, offset: Int, startedAt: Date) {
        self.id = id
        self.owner = owner
        self.contentHash = contentHash
        self.expectedLength = expectedLength
        self.offset = offset
        self.startedAt = startedAt
    }
}
