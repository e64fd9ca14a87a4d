/// Chooses or unchooses one option on "Who was injured?" (the rule is ``InjurySelection/toggle(_:)``).
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
}
