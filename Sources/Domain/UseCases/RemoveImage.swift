/// Removes one photo from its section; its bytes go too when no report refers to them any more.
public struct RemoveImage: Sendable {
    let repository: any ReportRepository
    let photoStore: any PhotoStore
    let clock: any Clock

    public init(repository: any ReportRepository, photoStore: any PhotoStore, clock: any Clock) {
        self.repository = repository
        self.photoStore = photoStore
        self.clock = clock
    }

    public func execute(reportID: ReportID, photoID: PhotoID) async throws -> CrashReport {
        let (report, removed) = try await repository.update(reportID, at: clock) { report in
            try report.removePhoto(photoID)
        }
        try await UnreferencedPhotoCleaner(repository: repository, photoStore: photoStore).removeUnreferenced([removed])
        return report
    }
}
