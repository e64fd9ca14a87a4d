/// The load–change–store step every editing use case shares.
extension ReportRepository {
    /// The report with this id.
    /// - Throws: `ReportError.notFound` when there is none.
    func existingReport(_ id: ReportID) async throws -> CrashReport {
        guard let report = try await report(withID: id) else { throw ReportError.notFound(id) }
        return report
    }

    /// Loads the report, applies `change` (which enforces the rules and may refuse), stores the result
    /// with its revision bumped, and returns it with what `change` returned. Nothing is stored on refusal.
    func update<Outcome>(
        _ id: ReportID,
        at clock: any Clock,
        _ change: (inout CrashReport) throws -> Outcome
    ) async throws -> (report: CrashReport, result: Outcome) {
        var report = try await existingReport(id)
        let result = try change(&report)
        report.markChanged(at: clock.now())
        try await save(report)
        return (report, result)
    }
}
