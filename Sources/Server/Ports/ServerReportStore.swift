import Domain

/// Each user's crash reports, checked by revision, and the PDF rendered for each submitted one.
/// A user reaches only their own: every call names the owner, and another owner's report is not there for it.
protocol ServerReportStore: Sendable {
    /// The owner's reports, most recently changed first.
    func reports(owner: AccountID) async throws -> [CrashReport]

    func report(_ id: ReportID, owner: AccountID) async throws -> CrashReport?

    /// Stores the report if the owner's stored revision is still `report.revision` (0: no report with this id),
    /// checking and writing in one step (``WriteCheck``): a completed report is read-only, and a crash ID names one of
    /// the owner's reports.
    /// - Returns: the stored version, at the next revision.
    /// - Throws: ``ReportError/conflict(_:current:)`` carrying the stored version (or `nil` when deleted),
    ///   ``ReportError/readOnly(_:)``, ``ReportError/crashIDTaken(_:holder:)``; storing nothing.
    func save(_ report: CrashReport, owner: AccountID) async throws -> CrashReport

    /// Deletes the owner's draft report and its document record.
    /// - Returns: whether there was such a report.
    /// - Throws: ``ReportError/readOnly(_:)`` for a completed report (``WriteCheck/checkDeletion(of:)``), deleting
    ///   nothing.
    func delete(_ id: ReportID, owner: AccountID) async throws -> Bool

    /// The PDF rendered for the owner's report, if it was submitted and rendered.
    func document(for id: ReportID, owner: AccountID) async throws -> ContentHash?

    /// Records the PDF rendered for the owner's report (replacing an earlier one).
    /// - Throws: ``ServerStoreError/reportNotFound(_:)`` when the owner has no such report.
    func setDocument(_ hash: ContentHash, for id: ReportID, owner: AccountID) async throws
}
