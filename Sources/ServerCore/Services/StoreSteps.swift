import Domain
import Foundation

/// The sequences every server engine runs inside one write transaction, written once over the engine's
/// ``StoreTransaction``: the engine opens the transaction and gives its SQL, these say what is read, decided and
/// written, in which order. The rules they apply live where they belong (``StoredRecord``, Domain's `WriteCheck`,
/// ``SigningEntry``, ``AcknowledgementWrite``); what is here is the order.
package enum StoreSteps {
    /// Saves `report` for `owner`: checks it against the owner's stored version and the owner's report holding its
    /// crash ID, writes the next version as its wire JSON (``StoredRecord/nextVersion(of:current:holder:)``), takes
    /// a report stored again under a deleted one's id out of the deleted, appends the signing acts it brings, and
    /// records it as a claim once completed.
    /// - Parameters:
    ///   - newReports: the bound on the owner's reports, checked when the report is new.
    ///   - codeSMS: the text message whose code verified a signature the save brings.
    /// - Returns: the stored version, as a later read gives it back (times to the microsecond, as on the wire).
    /// - Throws: what `WriteCheck` refuses, a full quota or a full signing record, writing nothing.
    package static func store(
        _ report: CrashReport, owner: AccountID, within newReports: Allowance? = nil, codeSMS: SMSMessageID? = nil,
        in transaction: some StoreTransaction
    ) async throws -> CrashReport {
        let current = try await transaction.report(report.id, owner: owner)
        if current == nil, let newReports {
            try await transaction.requireAccount(owner, forQuota: true)
            try newReports.check(held: try await transaction.reportCount(owner: owner))
        }
        let holder = current?.crashID == report.crashID
            ? nil : try await transaction.report(carrying: report.crashID, besides: report.id, owner: owner)
        let (stored, body) = try StoredRecord.nextVersion(of: report, current: current, holder: holder)
        let change = try await transaction.nextChange(owner: owner)
        if current == nil {
            try await transaction.insertReport(stored, body: body, change: change, owner: owner)
            try await transaction.forgetDeletion(of: stored.id, owner: owner)
        } else {
            try await transaction.updateReport(stored, body: body, change: change, owner: owner)
        }
        // The server's time: a report's own `updatedAt` is its device's.
        let now = Date()
        let acts = SigningEntry.acts(in: stored, after: current, codeSMS: codeSMS, at: now)
        if !acts.isEmpty {
            let held = try await transaction.lastSigningNumber(of: stored.id, owner: owner)
            try SigningEntry.checkRoom(held: held, adding: acts.count)
            try await transaction.appendSigning(acts.map { $0.following(held) }, of: stored.id, owner: owner)
        }
        if stored.isCompleted { try await transaction.recordClaim(of: stored, owner: owner, at: now) }
        return stored
    }

    /// Records the PDF as the owner's report's newest version, at its current revision (the earlier versions stay):
    /// the first is `submitted`, a later one `reason`. Queues `job` with the first, and, where a job is given (the
    /// claims system is told), the job announcing a later one.
    /// - Returns: the PDF the report had before (not when it is the same, which records nothing new).
    /// - Throws: ``ServerStoreError/reportNotFound(_:)`` when the owner has no such report.
    package static func recordDocument(
        _ hash: ContentHash, for id: ReportID, owner: AccountID, reason: DocumentVersion.Reason, queueingIfFirst job: ServerJob?,
        at date: Date, in transaction: some StoreTransaction
    ) async throws -> ContentHash? {
        let replaced = try await transaction.namedDocument(of: id, owner: owner)
        if replaced == hash { return nil }
        guard try await transaction.nameDocument(hash, of: id, owner: owner) else { throw ServerStoreError.reportNotFound(id) }
        let number = try await transaction.addDocumentVersion(hash, of: id, owner: owner, reason: reason, at: date)
        if number == 1 {
            if let job { try await transaction.queue(job, at: date) }
        } else if job != nil {
            try await transaction.queue(ServerJob.announceDocumentVersion(owner: owner, report: id, number: number), at: date)
        }
        return replaced
    }

    /// Records a handler's acknowledgement of the claim with the PDF drawn for it (at the report's `revision`), or
    /// says why nothing was written (``AcknowledgementWrite/decide(_:_:drawnAt:)``).
    /// - Returns: `nil` when there is no such claim.
    package static func acknowledge(
        _ id: ClaimID, with acknowledgement: ClaimAcknowledgement, document: ContentHash?, drawnAt revision: Int,
        queueingIfFirst job: ServerJob?, at date: Date, in transaction: some StoreTransaction
    ) async throws -> AcknowledgementWrite? {
        guard let claim = try await transaction.claim(id) else { return nil }
        let report: CrashReport
        switch try AcknowledgementWrite.decide(claim, acknowledgement, drawnAt: revision) {
        case let .answer(answer): return answer
        case let .store(acknowledged): report = acknowledged
        }
        let stored = try await store(report, owner: claim.owner, in: transaction)
        // Told before the PDF naming it (its job is queued first, in the report's order), where the claims system is.
        if job != nil {
            try await transaction.queue(ServerJob.tellAcknowledged(owner: claim.owner, report: stored.id, acknowledgement: acknowledgement), at: date)
        }
        var replaced: ContentHash?
        if let document {
            replaced = try await recordDocument(
                document, for: stored.id, owner: claim.owner, reason: .acknowledged, queueingIfFirst: job, at: date, in: transaction
            )
        }
        return .stored(Claim(id: claim.id, owner: claim.owner, submittedAt: claim.submittedAt, report: stored), replacedDocument: replaced)
    }

    /// Adds a status step to the claim's timeline, with the SMS to the driver and the claims system's event, or says
    /// why nothing was written (``ClaimStatusWrite/decide(_:_:readAt:)``).
    /// - Returns: `nil` when there is no such claim.
    package static func recordClaimStatus(
        _ id: ClaimID, _ update: ClaimStatusUpdate, sms: SMSMessage?, tellsClaimsSystem: Bool, readAt revision: Int, at date: Date,
        in transaction: some StoreTransaction
    ) async throws -> ClaimStatusWrite? {
        guard let claim = try await transaction.claim(id) else { return nil }
        let report: CrashReport
        switch try ClaimStatusWrite.decide(claim, update, readAt: revision) {
        case let .answer(answer): return answer
        case let .store(updated): report = updated
        }
        let stored = try await store(report, owner: claim.owner, in: transaction)
        let number = stored.claimTimeline.count
        if let sms { try await transaction.queueSMS(sms, at: date) }
        if tellsClaimsSystem {
            try await transaction.queue(ServerJob.tellStatusChanged(owner: claim.owner, report: stored.id, number: number), at: date)
        }
        return .stored(Claim(id: claim.id, owner: claim.owner, submittedAt: claim.submittedAt, report: stored), number: number)
    }

    /// Keeps a driver's SMS reply and does what it asks: a STOP or START changes the number's SMS; a first FALSE ALARM
    /// marks the crash's event and removes its draft when the driver never touched it (`CrashReport.isUntouchedDraft`);
    /// the first reply of each kind to a crash (or a STOP or START that changed something) gets a confirmation; the
    /// claims system is told of it. Past ``ServerLimits/repliesPerCrash`` replies to one crash, nothing is kept or done.
    /// - Parameters:
    ///   - confirmation: the confirmation to send for what was done, or `nil` for none (the words are the caller's).
    ///   - tellsClaimsSystem: whether a claims system is configured to be told.
    package static func recordReply(
        _ reply: SMSReply, tellsClaimsSystem: Bool, at date: Date, in transaction: some StoreTransaction,
        confirmation: @Sendable (CrashTie, ReplyEffects) -> SMSMessage?
    ) async throws -> ReplyRecord {
        // The crash event as it is now, locked: erased since the reply was tied to it, nothing is kept.
        guard let crash = try await transaction.crashEvent(reply.crash.crashID) else { return .unmatched }
        let earlier = try await transaction.replyKeywords(crashID: crash.crashID)
        guard earlier.count < ServerLimits.repliesPerCrash else { return .dropped }
        var kept = reply.with(crash: crash, removedDraft: false)
        guard try await transaction.insertReply(kept) else { return .repeated }
        var effects = ReplyEffects()
        switch reply.keyword {
        case .stop:
            if try await transaction.setSMSStopped(reply.sender, true, at: date) { effects.stopped = true }
        case .start:
            if try await transaction.setSMSStopped(reply.sender, false, at: date) { effects.stopped = false }
        case .falseAlarm:
            if crash.falseAlarmAt == nil {
                try await transaction.markFalseAlarm(crash.crashID, at: date)
                effects.markedFalseAlarm = true
                if let draft = try await transaction.report(crash.report, owner: crash.owner), draft.isUntouchedDraft {
                    try await transaction.deleteFalseAlarm(crash.report, owner: crash.owner, at: date)
                    try await transaction.noteDraftRemoved(by: kept.id)
                    effects.removedDraft = true
                }
            }
        case .ok, .help, nil:
            break
        }
        if effects.markedFalseAlarm {
            kept = kept.with(
                crash: CrashTie(crashID: crash.crashID, report: crash.report, owner: crash.owner, receivedAt: crash.receivedAt, falseAlarmAt: date),
                removedDraft: effects.removedDraft
            )
        }
        let confirms = switch reply.keyword {
        case .stop, .start: effects.stopped != nil
        case .ok, .help, .falseAlarm, nil: !earlier.contains(reply.keyword)
        }
        if confirms, let sms = confirmation(crash, effects) {
            try await transaction.queueSMS(sms, at: date)
            effects.confirmation = sms
        }
        if tellsClaimsSystem {
            try await transaction.queue(.tellReply(owner: crash.owner, report: crash.report, reply: kept.id), at: date)
        }
        return .kept(kept, effects)
    }

    /// Records an upload as started, in place of the owner's earlier one of the same bytes, unless those bytes are
    /// being removed.
    /// - Returns: the earlier upload's id, whose staged bytes the caller removes.
    /// - Throws: ``ServerRefusal/busy(what:limit:retryAfter:)`` while the bytes are being removed; a full quota.
    package static func beginUpload(
        _ upload: PartialUpload, within uploads: Allowance?, in transaction: some StoreTransaction
    ) async throws -> UploadID? {
        try await transaction.requireAccount(upload.owner, forQuota: uploads != nil)
        try await transaction.holdBytes(upload.contentHash)
        if try await transaction.isBeingRemoved(upload.contentHash, since: upload.startedAt.addingTimeInterval(-ServerLimits.bytesRemovalBound)) {
            throw ServerRefusal.busy(what: "removals of the same photo", limit: 1, retryAfter: ServerLimits.bytesRemovalRetryAfter)
        }
        let replaced = try await transaction.removeUpload(of: upload.contentHash, owner: upload.owner)
        if let uploads { try uploads.check(held: try await transaction.uploadCount(owner: upload.owner)) }
        try await transaction.insertUpload(upload)
        return replaced
    }
}
