import Domain
import Foundation

/// The server as sync sees it: crash IDs, reports by the server's revision, photos by SHA-256 (resumable), rendered
/// PDFs. ``ServerClient`` is the real one; tests put a fake in memory behind it, so the engine's rules can be tested
/// without a server. Every failure is a ``ServerFailure``.
public protocol SyncRemote: Sendable {
    /// The server as the driver would recognise it, for messages.
    var serverDescription: String { get }

    /// A new crash ID.
    func issueCrashID() async throws(ServerFailure) -> CrashID

    /// What changed in this driver's reports on the server since `cursor` (`nil`: from the first change), one page.
    /// - Throws: ``ServerFailure/refused(status:type:detail:field:)`` with `ProblemType/changesExpired` when the server no longer
    ///   remembers every deletion since `cursor`: ask again with `nil`.
    func changes(since cursor: String?) async throws(ServerFailure) -> RemoteChanges

    /// Stores `report` on top of the server's revision `report.revision` (0: a report the server never held).
    func save(_ report: CrashReport) async throws(ServerFailure) -> RemoteSave

    /// The report as the server keeps it once sent (e.g. times to the microsecond): what a comparison with the
    /// server's version must start from.
    func asSent(_ report: CrashReport) -> CrashReport

    /// Deletes the server's version; one the server does not hold is not an error.
    func delete(_ id: ReportID) async throws(ServerFailure)

    /// The PDF the server rendered for a completed report, or `nil` when it has none.
    func document(of id: ReportID) async throws(ServerFailure) -> Data?

    /// How much of the photo the server holds for this driver.
    func progress(of contentHash: ContentHash) async throws(ServerFailure) -> UploadProgress

    /// Sends the photo's bytes from `offset` on (0: a new upload), marking the upload complete.
    func upload(_ bytes: Data, of contentHash: ContentHash, mediaType: MediaType, from offset: Int) async throws(ServerFailure)

    /// The photo's bytes, or `nil` when this driver never uploaded them whole.
    func download(_ contentHash: ContentHash) async throws(ServerFailure) -> Data?
}

/// What saving a report on the server did.
public enum RemoteSave: Sendable, Hashable {
    /// Stored: the server's version at its new revision.
    case stored(CrashReport)
    /// Another writer changed the report since the revision stated (the server's version), or deleted it (`nil`).
    case conflict(current: CrashReport?)
    /// Another of the driver's reports on the server carries this crash ID already: that one is kept.
    case crashIDTaken(holder: CrashReport)
}

/// A page of what changed in a driver's reports on the server.
public struct RemoteChanges: Sendable, Hashable {
    /// The reports saved since the cursor, as the server holds them now.
    public let reports: [CrashReport]
    /// The ids of the reports deleted since the cursor.
    public let deleted: [ReportID]
    /// Those of `deleted` the server removed because the driver answered the crash's SMS that it was a false alarm.
    public let falseAlarms: Set<ReportID>
    /// Where this page ends: the cursor to ask from next.
    public let cursor: String
    /// Whether more changes follow at once.
    public let more: Bool

    public init(reports: [CrashReport], deleted: [ReportID], falseAlarms: Set<ReportID> = [], cursor: String, more: Bool) {
        self.falseAlarms = falseAlarms
        self.reports = reports
        self.deleted = deleted
        self.cursor = cursor
        self.more = more
    }
}

/// How much of a photo the server holds.
public enum UploadProgress: Sendable, Hashable {
    case none
    case partial(offset: Int)
    case whole
}
