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
    /// version (``ConflictRetry``), so neither writer's change is lost.
    func update<Outcome>(
        _ id: ReportID,
        at clock: any Clock,
        _ change: (inout CrashReport) throws -> Outcome
    ) async throws -> (report: CrashReport, result: Outcome) {
        try await ConflictRetry.run {
            var report = try await existingReport(id)
            let result = try change(&report)
            report.markChanged(at: clock.now())
            return (try await save(report), result)
        }
    }
}
