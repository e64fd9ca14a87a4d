import Domain
import Foundation
import Logging

/// Does a ``ServerJob``: hands an SMS message to the gateway and records that it took it; tells the insurer's claims
/// system of a submitted report.
package struct JobPerformer: Sendable {
    package let sms: any SMSSender
    package let messages: any SMSStore
    /// The drivers' replies, and the numbers that asked for no more SMS.
    package let replies: any SMSReplyStore
    /// The submitted reports (as claims), their PDFs and their drivers, for their notices.
    package let reports: any ServerReportStore
    package let claims: any ClaimStore
    package let accounts: any AccountStore
    /// Which photos the drivers finished sending, for what a notice says is still on its way.
    package let photos: any PhotoIndex
    /// The server's public address, for the notice's download links.
    package let links: CrashLinks
    /// Where notices go; `nil` when no claims system is configured (a job queued before is then done with nothing sent).
    package let webhook: (any ClaimsSystem)?
    package let clock: any Clock
    package let logger: Logger

    /// Does `job`, taken as `claim`.
    /// - Returns: ``JobEnd/recorded`` when the claim was marked done with what the job wrote (the worker marks it
    ///   otherwise).
    package func perform(_ job: ServerJob, claim: ClaimedJob) async throws -> JobEnd {
        switch job {
        case let .sendSMS(id):
            // The secret this try's delivery reports carry: the store keeps its digest, the gateway alone the token.
            let reportToken = AccessToken.generate()
            guard let message = try await messages.addReportDigest(TokenDigest(token: reportToken), to: id) else {
                // Erased (a data-protection request) before it was sent: nothing to send.
                logger.info("an SMS job's message is gone; nothing sent", metadata: ["message": "\(id)"])
                return .done
            }
            // Taken by the gateway before (this job's earlier try recorded it): never sent twice from here.
            guard message.state == .queued else { return .done }
            // A number that replied STOP gets nothing written after it (the STOP's own confirmation was written with it).
            if let stopped = try await replies.smsStopped(message.recipient), message.createdAt > stopped {
                let now = clock.now()
                if let moved = try await messages.updateSMS(id, to: .failed, detail: SMSReplies.withheldDetail(since: stopped), at: now) {
                    ServerMetrics.smsMoved(moved, at: now)
                }
                logger.info("SMS not sent: the number replied STOP", metadata: ["crash-id": "\(message.crashID)", "to": "\(message.recipient.masked)"])
                return .done
            }
            let handOff = try await sms.send(message, reportToken: reportToken)
            let now = clock.now()
            // A code it carried is kept only until the gateway has it; the job ends with the same write.
            if let moved = try await messages.recordHandOff(
                id, detail: handOff.detail, text: SMSText.withoutCode(message.text), finishing: claim, at: now
            ) {
                ServerMetrics.smsMoved(moved, at: now)
            }
            logger.info("SMS handed to the gateway", metadata: [
                "crash-id": "\(message.crashID)", "to": "\(message.recipient.masked)", "gateway": "\(handOff.detail)",
            ])
            return .recorded
        case let .notifyInsurer(owner, id):
            try await tell(.firstNoticeOfLoss, owner: owner, report: id)
            return .done
        case let .tellDocumentsComplete(owner, id):
            try await tell(.documentsComplete, owner: owner, report: id)
            return .done
        case let .announceDocumentVersion(owner, id, number):
            try await tell(.documentVersionAdded, owner: owner, report: id, version: number)
            return .done
        case let .tellAcknowledged(owner, id, acknowledgement):
            try await tell(.acknowledged, owner: owner, report: id, acknowledgement: acknowledgement)
            return .done
        case let .tellStatusChanged(owner, id, number):
            try await tell(.statusChanged, owner: owner, report: id, version: number)
            return .done
        case let .tellReply(owner, id, replyID):
            try await tellReply(replyID, owner: owner, report: id)
            return .done
        }
    }

    /// Tells the claims system of a driver's SMS reply, naming the claim once the crash's report is one.
    private func tellReply(_ replyID: SMSReplyID, owner: AccountID, report id: ReportID) async throws {
        guard let webhook else {
            logger.warning("a reply's event is queued but no claims system is configured (--webhook-url); not sent", metadata: ["reply": "\(replyID)"])
            return
        }
        // Erased since (the driver's account): nothing to tell.
        guard let reply = try await replies.smsReply(replyID), let driver = try await accounts.account(id: owner) else { return }
        let crash = reply.crash
        let claim = try await claims.claim(of: id, owner: owner)
        let started = ContinuousClock.now
        do {
            try await webhook.deliver(reply, crash: crash, claim: claim?.id, driver: driver, publicURL: links.publicURL, at: clock.now())
            ServerMetrics.webhookDelivery(.crashReply, delivered: true, seconds: (ContinuousClock.now - started).inSeconds)
        } catch {
            ServerMetrics.webhookDelivery(.crashReply, delivered: false, seconds: (ContinuousClock.now - started).inSeconds)
            throw error
        }
        logger.info("the claims system took the driver's SMS reply", metadata: [
            "crash-id": "\(crash.crashID)", "reply": "\(replyID)", "keyword": "\(ReplyKeyword.name(reply.keyword))",
        ])
    }

    /// How a job that succeeded ended.
    package enum JobEnd: Sendable {
        /// Done; the worker marks the claim done.
        case done
        /// Done, and the claim was marked done with what the job wrote.
        case recorded
    }

    /// Tells the claims system of a submitted report: its first notice names the documents still on their way; the
    /// second event goes once every photo and the PDF are in (it is queued with the first PDF).
    /// - Parameters:
    ///   - number: the document version a ``ClaimEvent/documentVersionAdded`` event announces, or the step a
    ///     ``ClaimEvent/statusChanged`` event tells.
    ///   - acknowledgement: what an ``ClaimEvent/acknowledged`` event tells.
    private func tell(
        _ event: ClaimEvent, owner: AccountID, report id: ReportID, version number: Int? = nil, acknowledgement: ClaimAcknowledgement? = nil
    ) async throws {
        guard let webhook else {
            logger.warning("a report's notice is queued but no claims system is configured (--webhook-url); not sent", metadata: ["report": "\(id)"])
            return
        }
        // Erased, or never completed (nothing to tell): done with nothing sent.
        guard let claim = try await claims.claim(of: id, owner: owner), let driver = try await accounts.account(id: owner) else { return }
        let report = claim.report
        let versions = try await reports.documentVersions(of: id, owner: owner)
        let documents = ClaimDocuments(
            document: try await reports.document(for: id, owner: owner),
            photosPending: try await photos.photosNotHeld(in: report, owner: owner),
            versions: versions,
            announced: event == .documentVersionAdded ? number.flatMap { number in versions.first { $0.number == number } } : nil,
            signingRecord: event == .firstNoticeOfLoss ? try await reports.signingRecord(of: id, owner: owner) : [],
            acknowledged: acknowledgement,
            step: event == .statusChanged ? number.flatMap { number in
                claim.report.claimTimeline.indices.contains(number - 1) ? NumberedStep(number: number, update: claim.report.claimTimeline[number - 1]) : nil
            } : nil
        )
        if event == .statusChanged, documents.step == nil {
            // Erased since it was queued: nothing to tell.
            logger.warning("a claim's status step to tell is gone", metadata: ["report": "\(id)", "step": "\(number ?? 0)"])
            return
        }
        if event == .documentVersionAdded, documents.announced == nil {
            // Erased since it was queued: nothing to announce.
            logger.warning("a document version to announce is gone", metadata: ["report": "\(id)", "version": "\(number ?? 0)"])
            return
        }
        if event == .documentsComplete, !documents.isComplete {
            // Queued with the first PDF, so only a photo erased since leaves it incomplete: said as it stands.
            logger.warning("a report's documents are told complete with some missing", metadata: [
                "report": "\(id)", "photos-missing": "\(documents.photosPending.count)",
            ])
        }
        let started = ContinuousClock.now
        do {
            try await webhook.deliver(event, of: claim, driver: driver, documents: documents, publicURL: links.publicURL, at: clock.now())
            ServerMetrics.webhookDelivery(event, delivered: true, seconds: (ContinuousClock.now - started).inSeconds)
        } catch {
            ServerMetrics.webhookDelivery(event, delivered: false, seconds: (ContinuousClock.now - started).inSeconds)
            throw error
        }
        let told = switch event {
        case .firstNoticeOfLoss: "first notice"
        case .documentsComplete: "documents-complete event"
        case .documentVersionAdded: "new document version"
        case .acknowledged: "acknowledgement"
        case .statusChanged: "status step"
        case .crashReply: "reply"
        }
        logger.info("the claims system took the report's \(told)", metadata: [
            "crash-id": "\(report.crashID)", "report": "\(id)", "photos-pending": "\(documents.photosPending.count)",
        ])
    }

    /// Records that the job will not be tried again, on what it was about.
    package func gaveUp(on job: ServerJob, reason: String) async {
        switch job {
        case let .sendSMS(id):
            _ = try? await messages.updateSMS(id, to: .failed, detail: "not taken by the gateway: \(reason)", at: clock.now())
            if let message = try? await messages.smsMessage(id), SMSText.withoutCode(message.text) != message.text {
                try? await messages.replaceSMSText(id, with: SMSText.withoutCode(message.text))
            }
        case let .notifyInsurer(_, id):
            logger.critical("gave up telling the claims system of a submitted report", metadata: ["report": "\(id)", "error": "\(reason)"])
        case let .tellDocumentsComplete(_, id):
            logger.critical("gave up telling the claims system that a report's documents are in", metadata: ["report": "\(id)", "error": "\(reason)"])
        case let .announceDocumentVersion(_, id, number):
            logger.critical("gave up telling the claims system of a new version of a report's PDF", metadata: [
                "report": "\(id)", "version": "\(number)", "error": "\(reason)",
            ])
        case let .tellStatusChanged(_, id, number):
            logger.critical("gave up telling the claims system of a claim's status step", metadata: [
                "report": "\(id)", "step": "\(number)", "error": "\(reason)",
            ])
        case let .tellAcknowledged(_, id, acknowledgement):
            logger.critical("gave up telling the claims system of a report's acknowledgement", metadata: [
                "report": "\(id)", "claim-number": "\(acknowledgement.claimNumber)", "error": "\(reason)",
            ])
        case let .tellReply(_, id, reply):
            logger.critical("gave up telling the claims system of a driver's SMS reply", metadata: [
                "report": "\(id)", "reply": "\(reply)", "error": "\(reason)",
            ])
        }
    }

    package init(sms: any SMSSender, messages: any SMSStore, replies: any SMSReplyStore, reports: any ServerReportStore, claims: any ClaimStore, accounts: any AccountStore, photos: any PhotoIndex, links: CrashLinks, webhook: (any ClaimsSystem)?, clock: any Clock, logger: Logger) {
        self.sms = sms
        self.messages = messages
        self.replies = replies
        self.reports = reports
        self.claims = claims
        self.accounts = accounts
        self.photos = photos
        self.links = links
        self.webhook = webhook
        self.clock = clock
        self.logger = logger
    }
}
