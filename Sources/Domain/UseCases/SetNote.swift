/// Sets the other driver's additional note (at most 2,000 characters; blank clears it).
public struct SetNote: Sendable {
    let repository: any ReportRepository
    let clock: any Clock

    public init(repository: any ReportRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    public func execute(reportID: ReportID, note: String) async throws -> CrashReport {
        try await repository.update(reportID, at: clock) { report in
            try report.setNote(note)
        }.report
    }
}
