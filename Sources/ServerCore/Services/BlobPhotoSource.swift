import Domain
import Foundation

/// The photos of a ``BlobStore``, as the PDF renderer reads them (one at a time, as it draws them).
package struct BlobPhotoSource: PhotoSource {
    package let blobs: any BlobStore

    package func bytes(for contentHash: ContentHash) async throws -> Data {
        try await blobs.bytes(of: contentHash, kind: .photo)
    }

    package init(blobs: any BlobStore) {
        self.blobs = blobs
    }
}
