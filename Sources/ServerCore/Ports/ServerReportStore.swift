import Domain
import Foundation

/// Each user's crash reports, checked by revision, and the PDF rendered for each submitted one.
/// A user reaches only their own: every call names the owner, and another owner's report is not there for it.
package protocol ServerReportStore: Sendable {
    /// A page of the owner's reports, most recently changed first: at most `limit` of them, those that come after
    /// `position` in that order (from the first when `nil`).
    func reports(owner: AccountID, after position: ReportPosition?, limit: Int) async throws -> [CrashReport]

    func report(_ id: ReportID, owner: AccountID) async throws -> CrashReport?

    /// The owner's report that carries `crashID` (a crash ID names one report of a user), if any.
    func report(carrying crashID: CrashID, owner: AccountID) async throws -> CrashReport?

    /// The owner's report as it was stored (its wire JSON, checked when it was written) and the number of the change
    /// that stored it: what a read serves as it is, and its `ETag`.
    func storedReport(_ id: ReportID, owner: AccountID) async throws -> StoredReport?

    /// The owner's changes after change number `since` (0: from the first), in the order they were made: each report
    /// saved since as it is stored now, each report deleted since by its id; at most `limit` of them. A report
    /// changed twice appears once, at its latest change. The owner's changes are read before what is forgotten of
    /// them, so a page never claims deletions it lost.
    func changes(owner: AccountID, since: Int, limit: Int) async throws -> ReportChangePage

    /// Forgets deletions made before `date`, and beyond the newest `keeping` of each owner (a device that asked for
    /// changes since learned them; one asking from before is told to start again).
    /// - Returns: how many were forgotten.
    @discardableResult
    func forgetDeletions(before date: Date, keeping: Int) async throws -> Int

    /// Stores the report if the owner's stored revision is still `report.revision` (0: no report with this id),
    /// checking and writing in one step (`WriteCheck`): a completed report is read-only, and a crash ID names one of
    /// the owner's reports.
    /// - Returns: the stored version, at the next revision.
    /// - Parameters:
    ///   - job: a job to queue in the same transaction (``JobStore``), so it is done once the save is.
    ///   - newReports: when the report is new, the bound on the owner's reports, checked against their count in the
    ///     same transaction.
    ///   - codeSMS: the text message that carried the code a new code signature in it was made with (the link's flow).
    ///     Each new signature or decline the report holds is appended to its signing record in the same transaction
    ///     (``SigningEntry/acts(in:after:codeSMS:at:)``).
    /// - Throws: `ReportError/conflict(_:current:)` carrying the stored version (or `nil` when deleted),
    ///   `ReportError/readOnly(_:)`, `ReportError/crashIDTaken(_:holder:)`, the allowance's ``ServerRefusal``;
    ///   storing nothing.
    func save(
        _ report: CrashReport, owner: AccountID, queueing job: ServerJob?, within newReports: Allowance?, codeSMS: SMSMessageID?
    ) async throws -> CrashReport

    /// The report's signing record, the first act first (``SigningEntry``): what no call changes.
    func signingRecord(of id: ReportID, owner: AccountID) async throws -> [SigningEntry]

    /// Deletes the owner's draft report and its document record.
    /// - Returns: the report deleted, or `nil` when there was none.
    /// - Throws: `ReportError/readOnly(_:)` for a completed report (`WriteCheck/checkDeletion(of:)`), deleting
    ///   nothing.
    func delete(_ id: ReportID, owner: AccountID) async throws -> CrashReport?

    /// How many reports the owner keeps.
    func reportCount(owner: AccountID) async throws -> Int

    /// Whether any of the owner's reports names a photo with these bytes.
    func namesPhoto(_ contentHash: ContentHash, owner: AccountID) async throws -> Bool

    /// Whether any report's PDF, of any version, has these bytes.
    func isDocumentRecorded(_ hash: ContentHash) async throws -> Bool

    /// The PDF rendered for the owner's report, if it was submitted and rendered: its newest version.
    func document(for id: ReportID, owner: AccountID) async throws -> ContentHash?

    /// Every version of the owner's report's PDF, the first first (``DocumentVersion``); empty before the first.
    func documentVersions(of id: ReportID, owner: AccountID) async throws -> [DocumentVersion]

    /// Records the PDF rendered for the owner's report as its next version (the earlier ones are kept as they are);
    /// when the report had none before, queues `job` with it in the same transaction (the claims system told that
    /// every document is in), and with a later version — when a job is given, so the claims system is told — the job
    /// announcing it (``ServerJob/announceDocumentVersion(owner:report:number:)``).
    /// - Returns: the PDF the report had before, when it had another (it stays recorded as an earlier version).
    /// - Throws: ``ServerStoreError/reportNotFound(_:)`` when the owner has no such report.
    @discardableResult
    func setDocument(_ hash: ContentHash, for id: ReportID, owner: AccountID, queueingIfFirst job: ServerJob?, at date: Date) async throws -> ContentHash?

    /// The owner's completed reports that name the photo and have no PDF yet (their photos were still arriving).
    func completedReportsWithoutDocument(naming contentHash: ContentHash, owner: AccountID) async throws -> [ReportID]
}

extension ServerReportStore {
    /// Every report of the owner, most recently changed first.
    package func reports(owner: AccountID) async throws -> [CrashReport] {
        try await reports(owner: owner, after: nil, limit: Int.max)
    }

    /// Records the PDF rendered for the owner's report, queueing nothing with it.
    @discardableResult
    package func setDocument(_ hash: ContentHash, for id: ReportID, owner: AccountID) async throws -> ContentHash? {
        try await setDocument(hash, for: id, owner: owner, queueingIfFirst: nil, at: Date())
    }

    /// Stores the report with the job and within the bound, no code signature in it.
    package func save(_ report: CrashReport, owner: AccountID, queueing job: ServerJob?, within newReports: Allowance?) async throws -> CrashReport {
        try await save(report, owner: owner, queueing: job, within: newReports, codeSMS: nil)
    }

    /// Stores the report, queueing nothing with it.
    package func save(_ report: CrashReport, owner: AccountID) async throws -> CrashReport {
        try await save(report, owner: owner, queueing: nil, within: nil)
    }

    /// Stores the report with the job, bound by nothing but the write checks.
    package func save(_ report: CrashReport, owner: AccountID, queueing job: ServerJob?) async throws -> CrashReport {
        try await save(report, owner: owner, queueing: job, within: nil)
    }
}

/// A report as stored: its wire JSON and the number of the owner's change that wrote it.
package struct StoredReport: Sendable, Hashable {
    package let sequence: Int
    package let body: String

    package init(sequence: Int, body: String) {
        self.sequence = sequence
        self.body = body
    }
}

/// One of an owner's changes: a report saved (`body`, as stored) or deleted (`body` is `nil`).
package struct ReportChange: Sendable, Hashable {
    /// The owner's change number: every save and every delete takes the next one.
    package let sequence: Int
    package let id: ReportID
    package let body: String?
    /// For a deletion: whether the server removed the report because its driver answered the crash's SMS that it was a
    /// false alarm.
    package let falseAlarm: Bool

    package init(sequence: Int, id: ReportID, body: String?, falseAlarm: Bool = false) {
        self.falseAlarm = falseAlarm
        self.sequence = sequence
        self.id = id
        self.body = body
    }
}

/// A page of an owner's changes.
package struct ReportChangePage: Sendable, Hashable {
    package let changes: [ReportChange]
    /// Deletions up to this change number are forgotten: asking from before it cannot be answered in full.
    package let forgottenThrough: Int
    /// The owner's latest change number: a cursor past it was not given for these changes (a database restored from
    /// a backup), so it cannot be answered either.
    package let latest: Int

    package init(changes: [ReportChange], forgottenThrough: Int, latest: Int) {
        self.changes = changes
        self.forgottenThrough = forgottenThrough
        self.latest = latest
    }
}

/// Where a report stands in the order of a list of reports (most recently changed first, then by id, descending).
package struct ReportPosition: Sendable, Hashable {
    package let updatedAt: Date
    package let id: ReportID

    package init(of report: CrashReport) {
        updatedAt = report.updatedAt
        id = report.id
    }

    package init(updatedAt: Date, id: ReportID) {
        self.updatedAt = updatedAt
        self.id = id
    }

    /// Whether a report at `other` comes after this position in the list.
    package func precedes(_ other: ReportPosition) -> Bool {
        (updatedAt, id) > (other.updatedAt, other.id)
    }

    /// The position as a page's cursor: opaque to clients, exact to the bit.
    package var cursor: String {
        "1." + String(updatedAt.timeIntervalSinceReferenceDate.bitPattern, radix: 16) + "." + id.description
    }

    /// The position a cursor names, or `nil` when the text is not one this server gave.
    package init?(cursor: String) {
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "1", let bits = UInt64(parts[1], radix: 16), let id = ReportID(uuidString: String(parts[2])) else {
            return nil
        }
        let seconds = Double(bitPattern: bits)
        guard seconds.isFinite else { return nil }
        self.init(updatedAt: Date(timeIntervalSinceReferenceDate: seconds), id: id)
    }
}
