/// Adds, changes or removes one of a draft's other parties (a cyclist, a pedestrian, property, a vehicle that left the
/// scene), each by its ``PartyID``, under the rules of ``CrashParties`` (a completed report is read-only).
public struct EditParties: Sendable {
    let repository: any ReportRepository
    let clock: any Clock

    public init(repository: any ReportRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    /// - Throws: ``PartyError`` naming the broken rule (``PartyError/unknown(_:)`` for a party removed meanwhile),
    ///   `ReportError.readOnly`, or the store's error. Nothing is stored when it throws.
    public func execute(
        reportID: ReportID, _ change: @escaping @Sendable (inout CrashParties) throws(PartyError) -> Void
    ) async throws -> CrashReport {
        try await repository.update(reportID, at: clock) { report in
            try report.changeParties(change)
        }.report
    }
}
