/// "Discard" on closing the Crash Assistant: deletes a draft and the photos no other report uses.
public struct DiscardReport: Sendable {
    let repository: any ReportRepository
    let photoStore: any PhotoStore

    public init(repository: any ReportRepository, photoStore: any PhotoStore) {
        self.repository = repository
        self.photoStore = photoStore
    }

    /// - Throws: `ReportError.readOnly` for a completed report (it has been handed on; every store keeps it).
    public func execute(reportID: ReportID) async throws {
        let report = try await repository.existingReport(reportID)
        try await repository.delete(reportID)
        try await UnreferencedPhotoCleaner(repository: repository, photoStore: photoStore)
            .removeUnreferenced(report.allPhotos)
    }
}
