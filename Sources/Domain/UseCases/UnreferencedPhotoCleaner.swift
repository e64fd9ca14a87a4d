/// Deletes the bytes of photos that no stored report refers to any more.
struct UnreferencedPhotoCleaner: Sendable {
    let repository: any ReportRepository
    let photoStore: any PhotoStore

    /// Call after the change that dropped these photos has been stored.
    func removeUnreferenced(_ photos: [Photo]) async throws {
        try await removeUnreferenced(hashes: photos.map(\.contentHash))
    }

    func removeUnreferenced(hashes: some Sequence<ContentHash>) async throws {
        for contentHash in Set(hashes).sorted() {
            if try await !repository.isPhotoReferenced(contentHash) {
                try await photoStore.remove(contentHash)
            }
        }
    }
}
