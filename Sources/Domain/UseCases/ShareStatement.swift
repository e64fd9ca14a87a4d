/// "Send the other driver a link": makes the link to column B of one of a draft's statements.
public struct ShareStatement: Sendable {
    let repository: any ReportRepository
    let links: any StatementLinkMaker

    public init(repository: any ReportRepository, links: any StatementLinkMaker) {
        self.repository = repository
        self.links = links
    }

    /// - Parameter pair: the statement the link reaches: B's, or the one with another motor vehicle.
    /// - Throws: ``StatementLinkError``, `ReportError.notFound` for a report the store does not hold,
    ///   ``PartyError/unknown(_:)`` for a vehicle the report does not hold.
    public func execute(reportID: ReportID, pair: StatementPair = .b) async throws -> StatementShareLink {
        guard let report = try await repository.report(withID: reportID) else { throw ReportError.notFound(reportID) }
        guard !report.isCompleted else { throw StatementLinkError.completed }
        if case let .vehicle(id) = pair, report.statement(pair) == nil { throw PartyError.unknown(id) }
        return try await links.makeLink(for: reportID, pair: pair)
    }
}
