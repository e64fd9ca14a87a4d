/// Reopens a saved draft in the Crash Assistant, exactly as it was left.
public struct ResumeDraft: Sendable {
    let repository: any ReportRepository

    public init(repository: any ReportRepository) {
        self.repository = repository
    }

    /// - Throws: `ReportError.notFound`, or `ReportError.readOnly` for a completed report.
    public func execute(reportID: ReportID) async throws -> CrashReport {
        let report = try await repository.existingReport(reportID)
        try report.checkEditable()
        return report
    }
}
