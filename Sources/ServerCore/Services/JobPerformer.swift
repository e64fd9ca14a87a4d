import Domain
import Foundation
import Logging

/// Does a ``ServerJob``: hands an SMS message to the gateway and records that it took it; tells the insurer's claims
/// system of a submitted report.
package struct JobPerformer: Sendable {
    package let sms: any SMSSender
    package let messages: any SMSStore
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

    package func perform(_ job: ServerJob) async throws {
        switch job {
        case let .sendSMS(id):
            guard let found = try await messages.smsMessage(id) else {
                // Erased (a data-protection request) before it was sent: nothing to send.
                logger.info("an SMS job's message is gone; nothing sent", metadata: ["message": "\(id)"])
                return
            }
            // Taken by the gateway before (this job's earlier try recorded it): never sent twice from here.
            guard found.state == .queued else { return }
            // The secret this try's delivery reports carry: the store keeps its digest, the gateway alone the token.
            let reportToken = AccessToken.generate()
            guard let message = try await messages.addReportDigest(TokenDigest(token: reportToken), to: id) else { return }
            let handOff = try await sms.send(message, reportToken: reportToken)
            let now = clock.now()
            if let moved = try await messages.updateSMS(id, to: .accepted, detail: handOff.detail, at: now) {
                ServerMetrics.smsMoved(moved, at: now)
            }
            // A code it carried is kept only until the gateway has it.
            let kept = SMSText.withoutCode(message.text)
            if kept != message.text { try await messages.replaceSMSText(id, with: kept) }
            logger.info("SMS handed to the gateway", metadata: [
                "crash-id": "\(message.crashID)", "to": "\(message.recipient.masked)", "gateway": "\(handOff.detail)",
            ])
        case let .notifyInsurer(owner, id):
            try await tell(.firstNoticeOfLoss, owner: owner, report: id)
        case let .tellDocumentsComplete(owner, id):
            try await tell(.documentsComplete, owner: owner, report: id)
        }
    }


    /// Tells the claims system of a submitted report: its first notice names the documents still on their way; the
    /// second event goes once every photo and the PDF are in (it is queued with the first PDF).
    private func tell(_ event: ClaimEvent, owner: AccountID, report id: ReportID) async throws {
        guard let webhook else {
            logger.warning("a report's notice is queued but no claims system is configured (--webhook-url); not sent", metadata: ["report": "\(id)"])
            return
        }
        // Erased, or never completed (nothing to tell): done with nothing sent.
        guard let claim = try await claims.claim(of: id, owner: owner), let driver = try await accounts.account(id: owner) else { return }
        let report = claim.report
        let documents = ClaimDocuments(
            document: try await reports.document(for: id, owner: owner),
            photosPending: try await photos.photosNotHeld(in: report, owner: owner)
        )
        if event == .documentsComplete, !documents.isComplete {
            // Queued with the first PDF, so only a photo erased since leaves it incomplete: said as it stands.
            logger.warning("a report's documents are told complete with some missing", metadata: [
                "report": "\(id)", "photos-missing": "\(documents.photosPending.count)",
            ])
        }
        let started = ContinuousClock.now
        do {
            try await webhook.deliver(event, of: claim, driver: driver, documents: documents, publicURL: links.publicURL, at: clock.now())
            ServerMetrics.webhookDelivery(delivered: true, seconds: (ContinuousClock.now - started).inSeconds)
        } catch {
            ServerMetrics.webhookDelivery(delivered: false, seconds: (ContinuousClock.now - started).inSeconds)
            throw error
        }
        logger.info("the claims system took the report's \(event == .firstNoticeOfLoss ? "first notice" : "documents-complete event")", metadata: [
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
            logger.critical("the claims system was not told of a submitted report within a day", metadata: ["report": "\(id)", "error": "\(reason)"])
        case let .tellDocumentsComplete(_, id):
            logger.critical("the claims system was not told within a day that a report's documents are in", metadata: ["report": "\(id)", "error": "\(reason)"])
        }
    }

    package init(sms: any SMSSender, messages: any SMSStore, reports: any ServerReportStore, claims: any ClaimStore, accounts: any AccountStore, photos: any PhotoIndex, links: CrashLinks, webhook: (any ClaimsSystem)?, clock: any Clock, logger: Logger) {
        self.sms = sms
        self.messages = messages
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
