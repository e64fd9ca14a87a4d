import Domain

/// A photo a user uploaded whole: its bytes are in the blob store under ``contentHash``.
package struct StoredPhoto: Sendable, Hashable {
    package let contentHash: ContentHash
    package let mediaType: MediaType
    package let byteCount: Int

    package init(contentHash: ContentHash, mediaType: MediaType, byteCount: Int) {
        self.contentHash = contentHash
        self.mediaType = mediaType
        self.byteCount = byteCount
    }
}
