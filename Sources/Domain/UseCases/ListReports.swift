/// The rows of "View crash reports": drafts and completed reports, newest first.
public struct ListReports: Sendable {
    let repository: any ReportRepository

    public init(repository: any ReportRepository) {
        self.repository = repository
    }

    /// - Parameters:
    ///   - limit: the most rows to return; all when `nil`. Negative counts as zero.
    ///   - offset: rows to skip from the newest. Negative counts as zero.
    public func execute(limit: Int? = nil, offset: Int = 0) async throws -> [ReportSummary] {
        try await repository.summaries(limit: limit.map { max($0, 0) }, offset: max(offset, 0))
    }
}
