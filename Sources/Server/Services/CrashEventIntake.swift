import Domain
import Foundation
import Logging

/// Takes in a crash the detection side detected: once per event, it issues a crash ID for the user, stores a
/// draft report seeded with the detected time and (trusted) position, and texts the user the links to it.
struct CrashEventIntake: Sendable {
    let accounts: any AccountStore
    let records: any CrashRecordStore
    let issuing: CrashIDIssuing
    let quotas: QuotaCheck
    /// Sends the SMS (``ServerJob/sendSMS(_:)``).
    let jobs: any JobQueue
    let links: CrashLinks
    let clock: any Clock
    let logger: Logger

    /// - Returns: the receipt, and whether the event was new (a repeat changes nothing and sends nothing).
    func receive(_ crash: DetectedCrash, forUserNamed userName: String, from detector: Account) async throws -> (CrashEventReceipt, isNew: Bool) {
        if let receipt = try await records.receipt(eventID: crash.eventID, detector: detector.id) {
            return (receipt, false)
        }
        try await quotas.checkCrashEvent(detector: detector.id)
        guard let user = try await accounts.user(named: userName) else {
            throw ServerRefusal.unknownUser(userName)
        }
        let now = clock.now()
        guard crash.detectedAt.timeIntervalSince(now) <= ReportLimits.crashTimeTolerance else {
            throw ServerRefusal.detectedInFuture
        }
        let (receipt, isNew) = try await issuing.withNewCrashID { crashID in
            var report = CrashReport(crashID: crashID, createdAt: now)
            try report.setScene(CrashScene(occurredAt: crash.detectedAt, coordinate: crash.positionTrusted ? crash.position : nil))
            return try await records.recordCrash(crash, detector: detector.id, owner: user.id, report: report, at: now)
        }
        if isNew {
            logger.info("crash event received", metadata: ["crash-id": "\(receipt.crashID)", "test": "\(crash.isTest)"])
            let message = SMSMessage(
                recipient: user.name, crashID: receipt.crashID,
                webLink: links.webLink(for: receipt.crashID), appLink: links.appLink(for: receipt.crashID),
                isTest: crash.isTest
            )
            do {
                try await jobs.enqueue(.sendSMS(message))
            } catch {
                // The crash and its report are kept; the driver can still open it from the app.
                logger.error("the SMS could not be sent", metadata: ["crash-id": "\(receipt.crashID)", "error": "\(error)"])
            }
        }
        return (receipt, isNew)
    }
}
