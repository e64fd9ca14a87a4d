import Domain
import Foundation

/// The photos of a ``BlobStore``, as the PDF renderer reads them (one at a time, as it draws them).
struct BlobPhotoSource: PhotoSource {
    let blobs: any BlobStore

    func bytes(for contentHash: ContentHash) async throws -> Data {
        try await blobs.bytes(of: contentHash, kind: .photo)
    }
}
