import Domain
import Foundation

/// A photo upload that has begun and is not whole yet: how long it will be and how much of it the server holds.
struct PartialUpload: Sendable, Hashable {
    let id: UploadID
    let owner: AccountID
    let contentHash: ContentHash
    /// The photo's length, from the `Content-Length` of the request that began it (the largest photo allowed when it
    /// gave none: such an upload is whole when a request says so).
    let expectedLength: Int
    /// How many bytes are stored (the offset the next `PATCH` must state).
    let offset: Int
    let startedAt: Date
}
