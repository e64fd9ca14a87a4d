/// Where reports are kept. Every backend (in memory, SQLite, the server, the cached one in front)
/// behaves the same; one conformance suite checks them all.
public protocol ReportRepository: Sendable {
    /// Stores the report, replacing any earlier version with the same id. Durable when it returns.
    func save(_ report: CrashReport) async throws

    /// The report with this id, or `nil`.
    func report(withID id: ReportID) async throws -> CrashReport?

    /// The report carrying this crash ID, or `nil`.
    func report(withCrashID crashID: CrashID) async throws -> CrashReport?

    /// Rows for "View crash reports", newest first (``ReportSummary/newestFirst(_:_:)``),
    /// skipping `offset` rows and returning at most `limit` (all when `nil`).
    func summaries(limit: Int?, offset: Int) async throws -> [ReportSummary]

    /// Removes the report; removing one that does not exist is not an error.
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
