/// "Discard all information on this page": empties one category (its choices, photos and note).
public struct DiscardSection: Sendable {
    let repository: any ReportRepository
    let photoStore: any PhotoStore
    let clock: any Clock

    public init(repository: any ReportRepository, photoStore: any PhotoStore, clock: any Clock) {
        self.repository = repository
        self.photoStore = photoStore
        self.clock = clock
    }

    public func execute(reportID: ReportID, category: InfoCategory) async throws -> CrashReport {
        let (report, removed) = try await repository.update(reportID, at: clock) { report in
            try report.discard(category)
        }
        try await UnreferencedPhotoCleaner(repository: repository, photoStore: photoStore).removeUnreferenced(removed)
        return report
    }
}
