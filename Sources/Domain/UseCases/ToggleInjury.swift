/// Chooses or unchooses one option on "Who was injured?" — one of the six (the rule is ``InjurySelection/toggle(_:)``)
/// a cyclist or pedestrian of the report (``CrashReport/toggleInjury(of:)``), or the driver or passengers of another
/// motor vehicle (``CrashReport/toggleInjury(of:_:)``).
public struct ToggleInjury: Sendable {
    let repository: any ReportRepository
    let clock: any Clock

    public init(repository: any ReportRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    public func execute(reportID: ReportID, injury: Injury) async throws -> CrashReport {
        try await repository.update(reportID, at: clock) { report in
            try report.toggleInjury(injury)
        }.report
    }

    /// Chooses or unchooses the driver or the passengers of another motor vehicle as hurt.
    /// - Throws: ``PartyError`` for a party gone or not a motor vehicle, `ReportError`, or the store's error.
    public func execute(reportID: ReportID, party: PartyID, occupant: Occupant) async throws -> CrashReport {
        try await repository.update(reportID, at: clock) { report in
            try report.toggleInjury(of: party, occupant)
        }.report
    }

    /// - Throws: ``PartyError`` for a party gone or not a person, `ReportError`, or the store's error.
    public func execute(reportID: ReportID, party: PartyID) async throws -> CrashReport {
        try await repository.update(reportID, at: clock) { report in
            try report.toggleInjury(of: party)
        }.report
    }
}
