import Domain
import Foundation
import WireAPI

/// Every server store port in memory, for tests of the routes and services: the same rules as the SQLite and
/// PostgreSQL stores (the write rules of ``WriteCheck``, reports kept as their wire JSON through ``StoredRecord``, one
/// record per event, each owner's data apart), kept by an actor. It passes the store's conformance suite like them.
actor InMemoryServerStore: AccountStore, CrashRecordStore, ServerReportStore, PhotoIndex, SMSStore, JobStore, ClaimStore, SessionStore {
    private struct OwnedReport: Hashable {
        let owner: AccountID
        let id: ReportID
    }

    private struct OwnedPhoto: Hashable {
        let owner: AccountID
        let contentHash: ContentHash
    }

    private struct EventKey: Hashable {
        let detector: AccountID
        let eventID: String
    }

    private var accounts: [TokenDigest: Account] = [:]
    private var crashIDs: [CrashID: AccountID] = [:]
    private var issuedAt: [CrashID: Date] = [:]
    private var receivedAt: [EventKey: Date] = [:]
    private var events: [EventKey: CrashEventReceipt] = [:]
    /// Each report's wire JSON, as the other stores keep it.
    private var reports: [OwnedReport: String] = [:]
    /// The change number that stored each report, each deleted report's, and each owner's last and forgotten one.
    private var sequences: [OwnedReport: Int] = [:]
    private var tombstones: [OwnedReport: (sequence: Int, deletedAt: Date)] = [:]
    private var counters: [AccountID: (last: Int, forgotten: Int)] = [:]
    private var documents: [OwnedReport: ContentHash] = [:]
    private var photos: [OwnedPhoto: StoredPhoto] = [:]
    private var uploads: [UploadID: PartialUpload] = [:]
    private var smsMessages: [SMSMessage] = []
    private var sessions: [TokenDigest: HandlerSession] = [:]
    private var statementLinks: [TokenDigest: StatementLink] = [:]
    /// Each submitted report's claim id and when it was submitted.
    private var submissions: [OwnedReport: (id: ClaimID, submittedAt: Date)] = [:]
    private var jobs: [StoredJob] = []

    private struct StoredJob {
        let id: Int64
        let job: ServerJob
        let queuedAt: Date
        var state = "queued"
        var attempts = 0
        var leaseUntil: Date?
        var lastError: String?
        var finishedAt: Date?
    }

    init() {}

    // MARK: - AccountStore

    func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, phone: PhoneNumber?, at date: Date) throws -> Account {
        guard !accounts.values.contains(where: { $0.name == name && $0.kind == kind }) else {
            throw ServerStoreError.nameTaken(name, kind: kind)
        }
        let account = Account(id: AccountID(), name: name, kind: kind, createdAt: date, phone: phone)
        accounts[tokenDigest] = account
        return account
    }

    func account(for digest: TokenDigest) -> Account? {
        accounts[digest]
    }

    func account(id: AccountID) -> Account? {
        accounts.values.first { $0.id == id }
    }

    func user(named name: String) -> Account? {
        accounts.values.first { $0.name == name && $0.kind == .user }
    }

    func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) -> Account? {
        guard let (old, account) = accounts.first(where: { $0.value.name == name && $0.value.kind == kind }) else { return nil }
        accounts[old] = nil
        accounts[digest ?? .revoked()] = account
        return account
    }

    func setPhone(_ phone: PhoneNumber?, forUserNamed name: String) -> Account? {
        guard let (digest, account) = accounts.first(where: { $0.value.name == name && $0.value.kind == .user }) else { return nil }
        var changed = account
        changed.phone = phone
        accounts[digest] = changed
        return changed
    }

    // MARK: - CrashRecordStore

    func recordCrashID(_ crashID: CrashID, owner: AccountID, at date: Date) throws {
        guard crashIDs[crashID] == nil else { throw ServerStoreError.crashIDTaken(crashID) }
        crashIDs[crashID] = owner
        issuedAt[crashID] = date
    }

    func owner(of crashID: CrashID) -> AccountID? {
        crashIDs[crashID]
    }

    func crashIDsIssued(to owner: AccountID, since date: Date) -> RateCount {
        let times = crashIDs.filter { $0.value == owner }.compactMap { issuedAt[$0.key] }.filter { $0 >= date }
        return RateCount(count: times.count, earliest: times.min())
    }

    func crashEventsReceived(from detector: AccountID, since date: Date) -> RateCount {
        let times = receivedAt.filter { $0.key.detector == detector && $0.value >= date }.map(\.value)
        return RateCount(count: times.count, earliest: times.min())
    }

    func receipt(eventID: String, detector: AccountID) -> CrashEventReceipt? {
        events[EventKey(detector: detector, eventID: eventID)]
    }

    func recordCrash(
        _ crash: DetectedCrash, detector: AccountID, owner: AccountID, report: CrashReport, sms: SMSMessage?, at date: Date
    ) throws -> (receipt: CrashEventReceipt, isNew: Bool) {
        let key = EventKey(detector: detector, eventID: crash.eventID)
        if let receipt = events[key] { return (receipt, false) }
        try recordCrashID(report.crashID, owner: owner, at: date)
        _ = try save(report, owner: owner, queueing: nil)
        let receipt = CrashEventReceipt(crashID: report.crashID, reportID: report.id, owner: owner, eventDigest: crash.digest)
        events[key] = receipt
        receivedAt[key] = date
        if let sms {
            smsMessages.append(sms)
            enqueueJob(.sendSMS(sms.id), at: date)
        }
        return (receipt, true)
    }

    // MARK: - SMSStore

    func smsMessage(_ id: SMSMessageID) -> SMSMessage? {
        smsMessages.first { $0.id == id }
    }

    func smsMessages(crashID: CrashID) -> [SMSMessage] {
        smsMessages.filter { $0.crashID == crashID }
    }

    func recentSMSMessages(limit: Int) -> [SMSMessage] {
        Array(smsMessages.reversed().prefix(limit))
    }

    func updateSMS(_ id: SMSMessageID, to state: SMSState, detail: String?, at date: Date) -> SMSMessage? {
        guard let index = smsMessages.firstIndex(where: { $0.id == id }) else { return nil }
        let current = smsMessages[index]
        guard state.rank > current.state.rank || state == current.state else { return current }
        smsMessages[index] = current.moved(to: state, detail: detail, at: date)
        return smsMessages[index]
    }

    // MARK: - JobStore

    func enqueueJob(_ job: ServerJob, at date: Date) {
        jobs.append(StoredJob(id: (jobs.last?.id ?? 0) + 1, job: job, queuedAt: date))
    }

    func claimJob(at date: Date, leaseUntil: Date) -> ClaimedJob? {
        guard let index = jobs.firstIndex(where: { $0.state == "queued" && ($0.leaseUntil.map { $0 <= date } ?? true) }) else { return nil }
        jobs[index].attempts += 1
        jobs[index].leaseUntil = leaseUntil
        let taken = jobs[index]
        return ClaimedJob(id: taken.id, job: taken.job, attempts: taken.attempts, queuedAt: taken.queuedAt)
    }

    func finishJob(_ job: ClaimedJob, at date: Date) {
        guard let index = jobs.firstIndex(where: { $0.id == job.id && $0.attempts == job.attempts && $0.state == "queued" }) else { return }
        jobs[index].state = "done"
        jobs[index].leaseUntil = nil
        jobs[index].finishedAt = date
    }

    func putBackJob(_ job: ClaimedJob, error: String, retryAt: Date?, at date: Date) {
        guard let index = jobs.firstIndex(where: { $0.id == job.id && $0.attempts == job.attempts && $0.state == "queued" }) else { return }
        jobs[index].lastError = error
        jobs[index].state = retryAt == nil ? "failed" : "queued"
        jobs[index].leaseUntil = retryAt
        jobs[index].finishedAt = retryAt == nil ? date : nil
    }

    func forgetFinishedJobs(before date: Date) -> Int {
        let before = jobs.count
        jobs.removeAll { $0.state != "queued" && ($0.finishedAt.map { $0 < date } ?? false) }
        return before - jobs.count
    }

    func jobCounts() -> (queued: Int, failed: Int) {
        (jobs.count { $0.state == "queued" }, jobs.count { $0.state == "failed" })
    }

    // MARK: - ServerReportStore

    func reports(owner: AccountID, after position: ReportPosition?, limit: Int) throws -> [CrashReport] {
        let all = try reports.keys.filter { $0.owner == owner }.compactMap { try load($0) }
            .sorted { ($0.updatedAt, $0.id) > ($1.updatedAt, $1.id) }
        return Array(all.filter { report in position.map { $0.precedes(ReportPosition(of: report)) } ?? true }.prefix(limit))
    }

    func report(_ id: ReportID, owner: AccountID) throws -> CrashReport? {
        try load(OwnedReport(owner: owner, id: id))
    }

    func save(_ report: CrashReport, owner: AccountID, queueing job: ServerJob?) throws -> CrashReport {
        let key = OwnedReport(owner: owner, id: report.id)
        let current = try load(key)
        let holder = current?.crashID == report.crashID ? nil : try reports.keys
            .filter { $0.owner == owner && $0.id != report.id }
            .compactMap { try load($0) }
            .first { $0.crashID == report.crashID }
        let (stored, body) = try StoredRecord.nextVersion(of: report, current: current, holder: holder)
        reports[key] = body
        sequences[key] = nextChange(owner: owner)
        tombstones[key] = nil
        if stored.isCompleted, submissions[key] == nil { submissions[key] = (ClaimID(), Date()) }
        if let job { enqueueJob(job, at: stored.updatedAt) }
        return stored
    }

    func storedReport(_ id: ReportID, owner: AccountID) -> StoredReport? {
        let key = OwnedReport(owner: owner, id: id)
        guard let body = reports[key], let sequence = sequences[key] else { return nil }
        return StoredReport(sequence: sequence, body: body)
    }

    func changes(owner: AccountID, since: Int, limit: Int) -> ReportChangePage {
        let saved = sequences.filter { $0.key.owner == owner && $0.value > since }
            .map { ReportChange(sequence: $0.value, id: $0.key.id, body: reports[$0.key]) }
        let deleted = tombstones.filter { $0.key.owner == owner && $0.value.sequence > since }
            .map { ReportChange(sequence: $0.value.sequence, id: $0.key.id, body: nil) }
        let changes = (saved + deleted).sorted { $0.sequence < $1.sequence }.prefix(limit)
        return ReportChangePage(changes: Array(changes), forgottenThrough: counters[owner]?.forgotten ?? 0, latest: counters[owner]?.last ?? 0)
    }

    func forgetDeletions(before date: Date, keeping: Int) -> Int {
        var forgotten = 0
        for owner in Set(tombstones.keys.map(\.owner)) {
            let owned = tombstones.filter { $0.key.owner == owner }.sorted { $0.value.sequence > $1.value.sequence }
            for (index, tombstone) in owned.enumerated() where index >= keeping || tombstone.value.deletedAt < date {
                tombstones[tombstone.key] = nil
                let through = max(counters[owner]?.forgotten ?? 0, tombstone.value.sequence)
                counters[owner]?.forgotten = through
                forgotten += 1
            }
        }
        return forgotten
    }

    private func nextChange(owner: AccountID) -> Int {
        let next = (counters[owner]?.last ?? 0) + 1
        counters[owner] = (next, counters[owner]?.forgotten ?? 0)
        return next
    }

    func delete(_ id: ReportID, owner: AccountID) throws -> CrashReport? {
        let key = OwnedReport(owner: owner, id: id)
        let current = try load(key)
        try WriteCheck.checkDeletion(of: current)
        documents[key] = nil
        reports[key] = nil
        sequences[key] = nil
        if current != nil { tombstones[key] = (nextChange(owner: owner), Date()) }
        return current
    }

    func reportCount(owner: AccountID) -> Int {
        reports.keys.count { $0.owner == owner }
    }

    func namesPhoto(_ contentHash: ContentHash, owner: AccountID) -> Bool {
        reports.contains { $0.key.owner == owner && $0.value.contains(contentHash.hex) }
    }

    func isDocumentRecorded(_ hash: ContentHash) -> Bool {
        documents.values.contains(hash)
    }

    /// Replaces a report's stored JSON as damage would (tests).
    func damage(_ id: ReportID, owner: AccountID, body: String) throws {
        let key = OwnedReport(owner: owner, id: id)
        guard reports[key] != nil else { throw ServerStoreError.reportNotFound(id) }
        reports[key] = body
    }

    /// The stored report, read back through Domain as the other stores read theirs.
    private func load(_ key: OwnedReport) throws -> CrashReport? {
        try reports[key].map { try StoredRecord.report(body: $0, id: key.id, decoder: WireCoding.decoder()) }
    }

    func document(for id: ReportID, owner: AccountID) -> ContentHash? {
        documents[OwnedReport(owner: owner, id: id)]
    }

    func setDocument(_ hash: ContentHash, for id: ReportID, owner: AccountID) throws -> ContentHash? {
        let key = OwnedReport(owner: owner, id: id)
        guard reports[key] != nil else { throw ServerStoreError.reportNotFound(id) }
        let replaced = documents[key]
        documents[key] = hash
        return replaced == hash ? nil : replaced
    }

    // MARK: - PhotoIndex

    func recordPhoto(_ photo: StoredPhoto, owner: AccountID, at date: Date) -> Bool {
        let key = OwnedPhoto(owner: owner, contentHash: photo.contentHash)
        guard photos[key] == nil else { return false }
        photos[key] = photo
        return true
    }

    func photo(_ contentHash: ContentHash, owner: AccountID) -> StoredPhoto? {
        photos[OwnedPhoto(owner: owner, contentHash: contentHash)]
    }

    func missingPhotos(_ hashes: [ContentHash], owner: AccountID) -> [ContentHash] {
        hashes.filter { photos[OwnedPhoto(owner: owner, contentHash: $0)] == nil }
    }

    func partialUpload(_ contentHash: ContentHash, owner: AccountID) -> PartialUpload? {
        uploads.values.first { $0.owner == owner && $0.contentHash == contentHash }
    }

    func beginUpload(_ upload: PartialUpload) -> UploadID? {
        let replaced = partialUpload(upload.contentHash, owner: upload.owner)
        if let replaced { uploads[replaced.id] = nil }
        uploads[upload.id] = upload
        return replaced?.id
    }

    func setOffset(_ offset: Int, of upload: UploadID) {
        guard let current = uploads[upload] else { return }
        uploads[upload] = PartialUpload(
            id: current.id, owner: current.owner, contentHash: current.contentHash,
            expectedLength: current.expectedLength, offset: offset, startedAt: current.startedAt
        )
    }

    func endUpload(_ upload: UploadID) {
        uploads[upload] = nil
    }

    func forgetPhoto(_ contentHash: ContentHash, owner: AccountID) -> Bool {
        photos[OwnedPhoto(owner: owner, contentHash: contentHash)] = nil
        return isPhotoHeld(contentHash)
    }

    func usage(of owner: AccountID) -> (photoBytes: Int, uploads: Int) {
        (photos.filter { $0.key.owner == owner }.reduce(0) { $0 + $1.value.byteCount }, uploads.values.count { $0.owner == owner })
    }

    func isPhotoHeld(_ contentHash: ContentHash) -> Bool {
        photos.keys.contains { $0.contentHash == contentHash }
    }

    func sweepUploads(startedBefore date: Date) -> [PartialUpload] {
        let swept = uploads.values.filter { $0.startedAt < date }
        for upload in swept { uploads[upload.id] = nil }
        return swept
    }

    func eraseAccount(name: String, kind: Account.Kind) -> ErasedAccount? {
        guard let (digest, account) = accounts.first(where: { $0.value.name == name && $0.value.kind == kind }) else { return nil }
        let owner = account.id
        let owned = reports.keys.filter { $0.owner == owner }
        let erased = ErasedAccount(
            account: account, reports: owned.count,
            photos: photos.keys.filter { $0.owner == owner }.map(\.contentHash),
            documents: documents.filter { $0.key.owner == owner }.map(\.value),
            uploads: uploads.values.filter { $0.owner == owner }.map(\.id),
            crashIDs: crashIDs.filter { $0.value == owner }.map(\.key)
        )
        for key in owned {
            reports[key] = nil
            sequences[key] = nil
        }
        tombstones = tombstones.filter { $0.key.owner != owner }
        submissions = submissions.filter { $0.key.owner != owner }
        counters[owner] = nil
        documents = documents.filter { $0.key.owner != owner }
        photos = photos.filter { $0.key.owner != owner }
        uploads = uploads.filter { $0.value.owner != owner }
        events = events.filter { $0.value.owner != owner }
        crashIDs = crashIDs.filter { $0.value != owner }
        smsMessages = smsMessages.filter { $0.owner != owner }
        statementLinks = statementLinks.filter { $0.value.owner != owner }
        accounts[digest] = nil
        return erased
    }
}

// MARK: - Claims

extension InMemoryServerStore {
    func claims(_ filter: ClaimFilter, after position: ClaimPosition?, limit: Int) throws -> [Claim] {
        let all = try submissions.keys.compactMap { try claim(at: $0) }
            .filter { filter.keeps($0) && (position?.precedes($0.position) ?? true) }
            .sorted { $0.position.precedes($1.position) }
        return Array(all.prefix(limit))
    }

    func claim(_ id: ClaimID) throws -> Claim? {
        guard let key = submissions.first(where: { $0.value.id == id })?.key else { return nil }
        return try claim(at: key)
    }

    func claim(of report: ReportID, owner: AccountID) throws -> Claim? {
        try claim(at: OwnedReport(owner: owner, id: report))
    }

    func acknowledge(_ id: ClaimID, with acknowledgement: ClaimAcknowledgement) throws -> Claim? {
        guard let claim = try claim(id) else { return nil }
        if claim.report.acknowledgement?.says(acknowledgement.claimNumber, acknowledgement.message) == true { return claim }
        var report = claim.report
        try report.recordAcknowledgement(acknowledgement)
        let stored = try save(report, owner: claim.owner, queueing: nil)
        return Claim(id: claim.id, owner: claim.owner, submittedAt: claim.submittedAt, report: stored)
    }

    private func claim(at key: OwnedReport) throws -> Claim? {
        guard let submission = submissions[key], let report = try load(key) else { return nil }
        return Claim(id: submission.id, owner: key.owner, submittedAt: submission.submittedAt, report: report)
    }
}

// MARK: - Handler sessions

extension InMemoryServerStore {
    func addSession(_ session: HandlerSession, keeping: Int) {
        sessions[session.digest] = session
        let owned = sessions.values.filter { $0.account == session.account }
            .sorted { ($0.createdAt, $0.digest.hex) > ($1.createdAt, $1.digest.hex) }
        for old in owned.dropFirst(keeping) { sessions[old.digest] = nil }
    }

    func session(for digest: TokenDigest, at date: Date) -> HandlerSession? {
        guard let session = sessions[digest], session.expiresAt > date else { return nil }
        return session
    }

    func removeSession(_ digest: TokenDigest) {
        sessions[digest] = nil
    }

    func forgetSessions(expiredBefore date: Date) -> Int {
        let expired = sessions.values.filter { $0.expiresAt < date }
        for session in expired { sessions[session.digest] = nil }
        return expired.count
    }
}

// MARK: - Statement links

extension InMemoryServerStore: StatementLinkStore {
    func addStatementLink(_ link: StatementLink, keeping: Int) {
        statementLinks[link.digest] = link
        let ofReport = statementLinks.values.filter { $0.report == link.report }
            .sorted { ($0.createdAt, $0.digest.hex) > ($1.createdAt, $1.digest.hex) }
        for old in ofReport.dropFirst(keeping) { statementLinks[old.digest] = nil }
    }

    func statementLink(_ digest: TokenDigest) -> StatementLink? {
        statementLinks[digest]
    }

    func useStatementLink(_ digest: TokenDigest, at date: Date) -> Bool {
        guard let link = statementLinks[digest], link.usedAt == nil else { return false }
        statementLinks[digest] = StatementLink(
            digest: digest, report: link.report, owner: link.owner, createdAt: link.createdAt, expiresAt: link.expiresAt, usedAt: date
        )
        return true
    }

    func releaseStatementLink(_ digest: TokenDigest) {
        guard let link = statementLinks[digest] else { return }
        statementLinks[digest] = StatementLink(
            digest: digest, report: link.report, owner: link.owner, createdAt: link.createdAt, expiresAt: link.expiresAt, usedAt: nil
        )
    }

    func forgetStatementLinks(expiredBefore date: Date) -> Int {
        let expired = statementLinks.values.filter { $0.expiresAt < date }
        for link in expired { statementLinks[link.digest] = nil }
        return expired.count
    }
}
