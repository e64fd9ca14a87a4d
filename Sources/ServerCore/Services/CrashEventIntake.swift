import Domain
import Foundation
import Wording
import Logging

/// Takes in a crash the detection side detected: once per event, it issues a crash ID for the user, stores a
/// draft report seeded with the detected time and (trusted) position, and — when the user has a phone number —
/// texts them the links to it: the message and the job that sends it are stored with the event, in one transaction.
package struct CrashEventIntake: Sendable {
    package let accounts: any AccountStore
    package let records: any CrashRecordStore
    package let issuing: CrashIDIssuing
    package let quotas: QuotaCheck
    /// Told when a job was written, so it is done at once.
    package let worker: JobWorker?
    package let links: CrashLinks
    package let clock: any Clock
    package let logger: Logger

    /// - Returns: the receipt; whether the event was new (a repeat changes nothing and sends nothing); and for a new
    ///   event, the SMS it queued (none when the user has no phone number).
    package func receive(
        _ crash: DetectedCrash, for driver: CrashDriver, from detector: Account
    ) async throws -> (CrashEventReceipt, isNew: Bool, queued: SMSMessage?) {
        // A repeat is found where the event is written, in its transaction, as the detector's rate is counted there:
        // a read before it would cost every new event a round trip to spare a rare repeat the building of a draft.
        let user = try await self.user(driver)
        let now = clock.now()
        guard crash.detection.detectedAt.timeIntervalSince(now) <= ReportLimits.crashTimeTolerance else {
            throw ServerRefusal.detectedInFuture
        }
        var queued: SMSMessage?

        let (receipt, isNew) = try await issuing.withNewCrashID { crashID in
            var report = CrashReport(
                crashID: crashID, createdAt: now, utcOffsetMinutes: crash.utcOffsetMinutes, detection: crash.detection, language: user.language
            )
            try report.setScene(CrashScene(
                occurredAt: crash.detection.detectedAt, coordinate: crash.detection.positionTrusted ? crash.detection.position : nil,
                utcOffsetMinutes: crash.utcOffsetMinutes
            ))
            let sms = user.phone.map { phone in
                SMSMessage.queued(
                    crashID: crashID, owner: user.id, recipient: phone,
                    text: SMSText.crashNotice(
                        crashID: crashID, detection: crash.detection, utcOffsetMinutes: crash.utcOffsetMinutes,
                        webLink: links.webLink(for: crashID), appLink: links.appLink(for: crashID),
                        words: Languages.shipped.best([user.language?.rawValue].compactMap { $0 })
                    ),
                    at: now
                )
            }
            queued = sms
            return try await records.recordCrash(crash, detector: detector.id, owner: user.id, report: report, sms: sms, at: now, within: quotas.crashEvents)
        }
        if !isNew, let digest = receipt.eventDigest, digest != crash.digest {
            // The same key with another event (sent again, or two deliveries at once): the first stands, this one is
            // refused, not answered as if it were the first (IETF idempotency-key).
            throw ServerRefusal.idempotencyKeyReused(eventID: crash.eventID)
        }
        ServerMetrics.crashEvent(new: isNew)
        if isNew {
            logger.info("crash event received", metadata: [
                "crash-id": "\(receipt.crashID)", "test": "\(crash.detection.isTest)", "sms": "\(user.phone == nil ? "none: no phone number" : "queued")",
            ])
            worker?.nudge()
        }
        return (receipt, isNew, isNew ? queued : nil)
    }

    /// The user a crash event is for: by name, by customer reference, or by a policy reference one user alone has.
    /// - Throws: ``ServerRefusal/unknownUser(_:)``, ``ServerRefusal/unknownReference(_:)``, or
    ///   ``ServerRefusal/ambiguousReference(_:)`` for a policy several users share.
    private func user(_ driver: CrashDriver) async throws -> Account {
        switch driver {
        case let .named(name):
            guard let user = try await accounts.user(named: name) else { throw ServerRefusal.unknownUser(name) }
            return user
        case let .referenced(reference):
            let found = try await accounts.users(reference, limit: 2)
            guard let user = found.first else { throw ServerRefusal.unknownReference(reference) }
            guard found.count == 1 else { throw ServerRefusal.ambiguousReference(reference) }
            return user
        }
    }
}
