/// The load–change–store step every editing use case shares.
extension ReportRepository {
    /// The report with this id.
    /// - Throws: `ReportError.notFound` when there is none.
    func existingReport(_ id: ReportID) async throws -> CrashReport {
        guard let report = try await report(withID: id) else { throw ReportError.notFound(id) }
        return report
    }

    /// Loads the report, applies `change` (which enforces the rules and may refuse), stores the result from
    /// the revision it read, and returns the stored report with what `change` returned. Nothing is stored on
    /// refusal. When another writer stored a newer version meanwhile, the change is applied again to that
    /// version (a few times at most), so neither writer's change is lost.
    func update<Outcome>(
        _ id: ReportID,
        at clock: any Clock,
        _ change: (inout CrashReport) throws -> Outcome
    ) async throws -> (report: CrashReport, result: Outcome) {
        var attempt = 1
        while true {
            var report = try await existingReport(id)
            let result = try change(&report)
            report.markChanged(at: clock.now())
            do {
                return (try await save(report), result)
            } catch let error as ReportError where error.isConflict && attempt < Self.maximumUpdateAttempts {
                attempt += 1
            }
        }
    }

    /// How often ``update(_:at:_:)`` applies a change before giving up on a report other writers keep changing.
    static var maximumUpdateAttempts: Int { 3 }
}
