/// Where reports are kept. Every backend (in memory, SQLite, the server, the cached one in front)
/// behaves the same; one conformance suite checks them all.
public protocol ReportRepository: Sendable {
    /// Stores a new version of the report, durable when it returns, and hands back the version stored.
    ///
    /// `report.revision` states the revision the change was made from: 0 for a report never stored, else the
    /// revision it was read at. The store checks it and writes in one step (compare-and-set): when it still
    /// holds that revision (or, for 0, no report with this id), it stores the report at the next revision;
    /// otherwise it stores nothing and throws ``ReportError/conflict(_:current:)`` with the version it holds
    /// (`nil` when the report was deleted meanwhile).
    /// - Returns: the report as stored, at its new revision.
    @discardableResult
    func save(_ report: CrashReport) async throws -> CrashReport

    /// The report with this id, or `nil`.
    func report(withID id: ReportID) async throws -> CrashReport?

    /// The report carrying this crash ID, or `nil`.
    func report(withCrashID crashID: CrashID) async throws -> CrashReport?

    /// Rows for "View crash reports", newest first (``ReportSummary/newestFirst(_:_:)``),
    /// skipping `offset` rows and returning at most `limit` (all when `nil`).
    func summaries(limit: Int?, offset: Int) async throws -> [ReportSummary]

    /// Removes the report; removing one that does not exist is not an error.
    /// - Throws: ``ReportError/readOnly(_:)`` for a completed report, which is kept (``WriteCheck/checkDeletion(of:)``).
    func delete(_ id: ReportID) async throws

    /// Whether any stored report still refers to a photo with these bytes.
    func isPhotoReferenced(_ contentHash: ContentHash) async throws -> Bool
}

extension ReportRepository {
    /// Every row, newest first.
    public func summaries() async throws -> [ReportSummary] {
        try await summaries(limit: nil, offset: 0)
    }
}
