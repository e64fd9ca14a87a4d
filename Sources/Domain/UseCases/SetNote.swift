/// Sets the other driver's additional note (at most 2,000 characters; blank clears it).
public struct SetNote: Sendable {
    let repository: any ReportRepository
    let clock: any Clock

    public init(repository: any ReportRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    /// - Parameter shown: the note the driver saw when they typed this one; when the stored note is another (set in
    ///   another window since), nothing is stored and ``ChangedSinceShown`` is thrown. `nil`: replaces whatever is there.
    public func execute(reportID: ReportID, note: String, shown: String? = nil) async throws -> CrashReport {
        try await repository.update(reportID, at: clock) { report in
            if let shown, report.otherDriverNote != shown { throw ChangedSinceShown(current: report) }
            try report.setNote(note)
        }.report
    }
}
