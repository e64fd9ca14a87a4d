/// What a device's store knows about the server's copy of its reports, and the writes sync makes to it: the server's
/// revision of each report (numbered apart from the local one), the *base* — the last version both sides agreed on,
/// which a three-way merge (``ReportMerge``) compares against — the notices the driver has not seen yet, and the
/// documents named after a crash ID the server replaced.
///
/// A version received from the server is stored without an outbox record, so it is never pushed back as if the driver
/// had changed it; a merge is stored with one, so it is pushed. Each operation is one step (one transaction) with the
/// revisions it sets, so no crash can leave them apart. The store the use cases write to implements this in the same
/// place as its ``Outbox``, and tells its readers (the cache) of every write it makes here.
public protocol SyncState: Sendable {
    /// Where this device's view of the server's changes ends (the cursor of the last page taken in), or `nil`
    /// before the first page or after ``keepChangesCursor(_:)`` with `nil`.
    func changesCursor() async throws -> String?

    /// Keeps the cursor of a page once everything in it is taken in; `nil` starts again from the first change.
    func keepChangesCursor(_ cursor: String?) async throws

    /// The server's revision of every report it is known to hold.
    func serverRevisions() async throws -> [ReportID: Int]

    /// The server's revision of the report, or `nil` when the server is not known to hold it.
    func serverRevision(of id: ReportID) async throws -> Int?

    /// The last version of the report both sides agreed on (the server's version as last confirmed or received), or
    /// `nil` when there is none.
    func base(of id: ReportID) async throws -> CrashReport?

    /// Whether a stored report holds a photo with these bytes.
    func holdsPhoto(_ contentHash: ContentHash) async throws -> Bool

    /// Records that the server confirmed `serverVersion` of what was sent from the local revision `localRevision`
    /// (it becomes the base), and acknowledges the outbox records up to `sequence`. While the local report is still at
    /// that revision it takes the server's version as it is (times to the microsecond), at the same local revision.
    func confirm(_ serverVersion: CrashReport, sentFromLocalRevision localRevision: Int, through sequence: Int) async throws

    /// Records that the server no longer holds the report (its deletion was confirmed), and acknowledges the outbox
    /// records up to `sequence`.
    func confirmDeletion(of id: ReportID, through sequence: Int) async throws

    /// Stores the server's version as the local one (and as the base), without recording it for sending — unless this
    /// device has unsent changes to that report.
    func receive(_ serverVersion: CrashReport) async throws -> SyncReception

    /// Gives the report stored at `localRevision` the crash ID the server issued, recording it for sending; a completed
    /// report's document is remembered as named after the old crash ID (``replacedCrashID(of:)``).
    /// - Returns: the stored version, or `nil` when the local report changed since `localRevision`.
    func adoptCrashID(_ crashID: CrashID, forReportAt localRevision: Int, id: ReportID) async throws -> CrashReport?

    /// Stores `merged` — this device's version (stored locally at `localRevision`) merged with the server's `remote` —
    /// recording it for sending; `remote` becomes the base.
    /// - Returns: the local version stored, or `nil` when the local report changed since `localRevision`.
    func storeMerge(_ merged: CrashReport, over remote: CrashReport, localRevision: Int) async throws -> CrashReport?

    /// Takes the server's version (which holds everything the local version at `localRevision` does) as the local one
    /// and the base, without recording it for sending, and acknowledges the outbox records up to `sequence`.
    /// - Returns: whether it was stored; `false` when the local report changed since `localRevision`.
    func adopt(_ serverVersion: CrashReport, overLocalRevision localRevision: Int, through sequence: Int) async throws -> Bool

    /// Joins `local` (stored at its revision, never held by the server) into the server's report `remote` that carries
    /// the same crash ID: stores `merged` under `remote`'s id, recording it for sending, and removes `local` with its
    /// unsent records (the server never had it, so no deletion is sent).
    /// - Returns: the stored version, or `nil` when `local` changed since it was read.
    func join(_ local: CrashReport, as merged: CrashReport, remote: CrashReport) async throws -> CrashReport?

    /// Forgets what the server held of a report, so the next push creates it anew (it was deleted there while this
    /// device still had changes to it).
    func forgetServerCopy(of id: ReportID) async throws

    /// Deletes the local report the server no longer holds — unless this device has unsent changes to it, or it is
    /// completed (kept here, and not sent again).
    func removeDeletedElsewhere(_ id: ReportID) async throws -> SyncRemoval

    /// The crash ID the report's kept document is still named after, when the server replaced it.
    func replacedCrashID(of id: ReportID) async throws -> CrashID?

    /// The document named after the replaced crash ID is gone.
    func forgetReplacedCrashID(of id: ReportID) async throws

    /// Keeps a notice until the driver has been shown it (across runs).
    func keep(_ notice: SyncNotice) async throws

    /// The notices kept and not shown yet, oldest first.
    func keptNotices() async throws -> [SyncNotice]

    /// The driver has been shown these notices.
    func forget(_ notices: [SyncNotice]) async throws
}

/// What a version received from the server did to the local store.
public enum SyncReception: Sendable, Hashable {
    /// Stored: the local version now (at the local revision).
    case stored(CrashReport)
    /// The local version already held the same; only the server's revision was recorded.
    case unchanged
    /// This device has unsent changes to the report: the push that sends them resolves the difference.
    case pendingChanges
}

/// What became of a local report the server no longer holds.
public enum SyncRemoval: Sendable, Hashable {
    /// Deleted here too.
    case removed(CrashReport)
    /// A completed report: kept here, and not sent again.
    case keptCompleted(CrashReport)
    /// Nothing: this device has unsent changes to it (sending them recreates it), or does not hold it.
    case none
}
