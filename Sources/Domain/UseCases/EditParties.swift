/// Adds, changes or removes one of a draft's other parties (another motor vehicle, a cyclist, a pedestrian, property,
/// a vehicle that left the scene), each by its ``PartyID``, under the rules of ``CrashParties`` (a completed report is read-only).
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

    /// Adds another motor vehicle with its own statement with A, begun with vehicle A's details as on B's statement
    /// (``CrashReport/newPairStatement``).
    /// - Returns: the report as stored and the new party's id.
    /// - Throws: ``PartyError/tooMany(limit:)`` past the bounds, `ReportError.readOnly`, or the store's error.
    public func addVehicle(reportID: ReportID) async throws -> (report: CrashReport, party: PartyID) {
        let id = PartyID()
        let report = try await repository.update(reportID, at: clock) { report in
            let statement = report.newPairStatement
            try report.changeParties { parties throws(PartyError) in try parties.add(.motorVehicle(statement), id: id) }
        }.report
        return (report, id)
    }
}
