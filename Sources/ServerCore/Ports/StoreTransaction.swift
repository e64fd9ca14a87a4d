import Domain
import Foundation

/// What one write transaction of a server engine does, each in the engine's own SQL: the small steps from which
/// ``StoreSteps`` writes, once for every engine, the sequences they share — a save with its signing record and claim,
/// a document's next version, an acknowledgement, the start of an upload.
///
/// Every method runs inside the transaction the engine opened for the whole sequence. Where another instance could
/// slip in between a read and the write it decides (PostgreSQL, several servers on one database), the read takes the
/// lock that prevents it, as each method says; the embedded engine has one writer and takes none.
package protocol StoreTransaction: Sendable {
    // MARK: Accounts

    /// Refuses a write for an account that no longer exists (``ServerRefusal/accountGone``). With `forQuota`, the
    /// account's writes that count a quota take turns from here to the end of the transaction.
    func requireAccount(_ owner: AccountID, forQuota: Bool) async throws

    // MARK: Reports

    /// The owner's stored report, locked for the rest of the transaction.
    func report(_ id: ReportID, owner: AccountID) async throws -> CrashReport?
    /// How many reports the owner holds.
    func reportCount(owner: AccountID) async throws -> Int
    /// The owner's report other than `id` that carries `crashID`; saves bringing one crash ID to one owner take turns.
    func report(carrying crashID: CrashID, besides id: ReportID, owner: AccountID) async throws -> CrashReport?
    /// Takes the owner's next change number (the owner's changes commit in the order of their numbers).
    func nextChange(owner: AccountID) async throws -> Int
    /// Writes a report the owner does not hold yet, as `body` (its wire JSON).
    /// - Throws: `ReportError.conflict` when another save created it since it was read.
    func insertReport(_ stored: CrashReport, body: String, change: Int, owner: AccountID) async throws
    /// Replaces the owner's stored report with `stored`.
    func updateReport(_ stored: CrashReport, body: String, change: Int, owner: AccountID) async throws
    /// Forgets that the owner deleted a report of this id (it is stored again).
    func forgetDeletion(of id: ReportID, owner: AccountID) async throws
    /// Records the completed report as a claim: submitted now the first time, with its acknowledgement's time.
    func recordClaim(of stored: CrashReport, owner: AccountID, at date: Date) async throws

    // MARK: Signing record

    /// The number of the report's last signing act, 0 for none.
    func lastSigningNumber(of id: ReportID, owner: AccountID) async throws -> Int
    /// Appends the acts to the report's signing record.
    func appendSigning(_ entries: [SigningEntry], of id: ReportID, owner: AccountID) async throws

    // MARK: Claims and documents

    /// The claim with its report, the report locked.
    func claim(_ id: ClaimID) async throws -> Claim?
    /// The PDF the report names now; the report's versions are numbered one save at a time from here.
    func namedDocument(of id: ReportID, owner: AccountID) async throws -> ContentHash?
    /// Names `hash` as the report's PDF, at the report's current revision.
    /// - Returns: `false` when the owner holds no such report.
    func nameDocument(_ hash: ContentHash, of id: ReportID, owner: AccountID) async throws -> Bool
    /// Adds `hash` as the report's next document version (the first is `submitted`, a later one `reason`).
    /// - Returns: its number, from 1.
    func addDocumentVersion(
        _ hash: ContentHash, of id: ReportID, owner: AccountID, reason: DocumentVersion.Reason, at date: Date
    ) async throws -> Int

    // MARK: Jobs

    /// Queues the job, to be done after the transaction commits.
    func queue(_ job: ServerJob, at date: Date) async throws

    /// Keeps a new SMS message to a driver and queues the job that sends it, in the driver's order.
    func queueSMS(_ sms: SMSMessage, at date: Date) async throws

    // MARK: SMS replies

    /// The crash event that made this crash ID, locked for the rest of the transaction (replies to one crash take turns).
    func crashEvent(_ crashID: CrashID) async throws -> CrashTie?
    /// What the replies kept for this crash asked for, the first first.
    func replyKeywords(crashID: CrashID) async throws -> [ReplyKeyword?]
    /// Keeps the reply.
    /// - Returns: `false` when a reply with its gateway id was kept before (nothing written).
    func insertReply(_ reply: SMSReply) async throws -> Bool
    /// Marks the crash's event a false alarm, now.
    func markFalseAlarm(_ crashID: CrashID, at date: Date) async throws
    /// Stops SMS to the number (`stopped`), from `date`, or lets them go again.
    /// - Returns: whether that changed anything (a second STOP does not).
    func setSMSStopped(_ phone: PhoneNumber, _ stopped: Bool, at date: Date) async throws -> Bool
    /// Notes that the reply removed its crash's draft.
    func noteDraftRemoved(by reply: SMSReplyID) async throws
    /// Deletes the owner's report, leaving the mark a driver's next sync finds (as a deletion from a device does), saying
    /// it was removed as a false alarm (``ReportChange/falseAlarm``).
    func deleteFalseAlarm(_ id: ReportID, owner: AccountID, at date: Date) async throws

    // MARK: Uploads

    /// Makes the uploads and removals of these bytes take turns from here to the end of the transaction.
    func holdBytes(_ contentHash: ContentHash) async throws
    /// Whether the bytes are being removed (a removal started after `since`).
    func isBeingRemoved(_ contentHash: ContentHash, since: Date) async throws -> Bool
    /// Forgets the owner's upload under way of these bytes.
    /// - Returns: its id, whose staged bytes the caller removes.
    func removeUpload(of contentHash: ContentHash, owner: AccountID) async throws -> UploadID?
    /// How many uploads the owner has under way.
    func uploadCount(owner: AccountID) async throws -> Int
    /// Records the upload as started.
    func insertUpload(_ upload: PartialUpload) async throws
}
