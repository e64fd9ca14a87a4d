import Domain

/// A photo a user uploaded whole: its bytes are in the blob store under ``contentHash``.
struct StoredPhoto: Sendable, Hashable {
    let contentHash: ContentHash
    let mediaType: MediaType
    let byteCount: Int
}
