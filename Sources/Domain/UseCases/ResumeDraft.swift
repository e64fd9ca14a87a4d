/// Reopens a saved draft in the Crash Assistant, exactly as it was left, on the page it was left on.
public struct ResumeDraft: Sendable {
    let repository: any ReportRepository
    let places: (any DraftPlaces)?

    public init(repository: any ReportRepository, places: (any DraftPlaces)? = nil) {
        self.repository = repository
        self.places = places
    }

    /// - Throws: `ReportError.notFound`, or `ReportError.readOnly` for a completed report.
    public func execute(reportID: ReportID) async throws -> CrashReport {
        let report = try await repository.existingReport(reportID)
        try report.checkEditable()
        return report
    }

    /// The page the draft was left on; `nil` for Collect Crash Info, or when the store does not say (a draft opens on
    /// Collect Crash Info then: where it was left is a convenience, never a reason to refuse opening it).
    public func place(of reportID: ReportID) async -> InfoCategory? {
        try? await places?.place(of: reportID)
    }
}
