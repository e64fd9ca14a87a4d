import Domain
import Foundation

/// Each user's reports over the wire: saved by revision through Domain's rules, and completed only with the
/// submission's check (something to report), its PDF drawn once its photos are in.
package struct ReportKeeping: Sendable {
    package let reports: any ServerReportStore
    package let records: any CrashRecordStore
    package let quotas: QuotaCheck
    package let submission: ReportSubmission

    /// Stores a report the caller sent, read at `report.revision`. The store applies the write rules
    /// (`WriteCheck`: the revision, a completed report read-only, one report per crash ID).
    /// - Parameter knowsParties: whether the sender sent the report's other parties (even none); an app from before
    ///   parties sends no list, and then the parties held are kept.
    /// - Returns: the stored version and whether it was new.
    package func put(_ sent: CrashReport, owner: Account, knowsParties: Bool = true) async throws -> (CrashReport, created: Bool) {
        do {
            return try await store(sent, owner: owner, knowsParties: knowsParties)
        } catch ReportError.statementSigned {
            // The version the signed statement is kept in, for the caller to merge into.
            throw ServerRefusal.statementSigned(current: try await reports.report(sent.id, owner: owner.id))
        }
    }

    private func store(_ sent: CrashReport, owner: Account, knowsParties: Bool) async throws -> (CrashReport, created: Bool) {
        let current = try await reports.report(sent.id, owner: owner.id)
        let sent = knowsParties ? sent : sent.withParties(current?.parties ?? CrashParties())
        // What the crash detection measured is the server's record: a client's version of it is not taken.
        // Nor is the insurer's acknowledgement, or the claim's timeline: only a claims handler or the claims system
        // records them (``ClaimDesk``).
        let report = sent.withDetection(current?.detection).withAcknowledgement(current?.acknowledgement)
            .withClaimTimeline(current?.claimTimeline ?? [])
        // Nor is what only the other driver's link brings: a code signature, their credit, their decline.
        try ServerWitnessedFacts.check(report, held: current, account: owner.name)
        // A crash ID is the server's to issue: a report may carry only one issued to its owner (or the app's local form).
        if !report.crashID.isLocal, current?.crashID != report.crashID, try await records.owner(of: report.crashID) != owner.id {
            throw ServerRefusal.crashIDNotIssued(report.crashID)
        }
        if let current, current.isCompleted, current.revision == report.revision, current.sameContent(as: report) {
            // A completed report sent again as it is held (a repeat after a lost answer): nothing to store.
            return (current, false)
        }
        if current == nil { try await quotas.checkNewReport(owner: owner.id) }
        if report.isCompleted, current?.isCompleted != true {
            // Cheap checks before the PDF is drawn: a stale revision is refused here, not after a render.
            _ = try WriteCheck.next(for: report, current: current)
            // Completed on the device: the same check and PDF as a submit.
            let stored = try await submission.storeCompleted(report, owner: owner, within: quotas.newReport)
            return (stored, stored.revision == 1)
        }
        let stored = try await reports.save(report, owner: owner.id, queueing: nil, within: quotas.newReport)
        return (stored, stored.revision == 1)
    }
}
