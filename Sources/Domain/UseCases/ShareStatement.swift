/// "Send the other driver a link": makes the link to vehicle B of a draft.
public struct ShareStatement: Sendable {
    let repository: any ReportRepository
    let links: any StatementLinkMaker

    public init(repository: any ReportRepository, links: any StatementLinkMaker) {
        self.repository = repository
        self.links = links
    }

    /// - Throws: ``StatementLinkError``, `ReportError.notFound` for a report the store does not hold.
    public func execute(reportID: ReportID) async throws -> StatementShareLink {
        guard let report = try await repository.report(withID: reportID) else { throw ReportError.notFound(reportID) }
        guard !report.isCompleted else { throw StatementLinkError.completed }
        return try await links.makeLink(for: reportID)
    }
}
