import Domain
import Foundation

/// Each user's reports over the wire: saved by revision through Domain's rules, and completed only with the
/// submission's checks (something to report, every photo uploaded) and its PDF.
struct ReportKeeping: Sendable {
    let reports: any ServerReportStore
    let submission: ReportSubmission

    /// Stores a report the caller sent, read at `report.revision`.
    /// - Returns: the stored version and whether it was new.
    func put(_ report: CrashReport, owner: Account) async throws -> (CrashReport, created: Bool) {
        let current = try await reports.report(report.id, owner: owner.id)
        if let current, current.isCompleted, current.revision == report.revision {
            // Completed reports are read-only; sending one back unchanged is no change.
            guard current.sameContent(as: report) else { throw ReportError.readOnly(current.crashID) }
            return (current, false)
        }
        if report.isCompleted, current?.isCompleted != true {
            // Completed on the device: the same checks and PDF as a submit.
            let stored = try await submission.storeCompleted(report, owner: owner)
            return (stored, stored.revision == 1)
        }
        let stored = try await reports.save(report, owner: owner.id)
        return (stored, stored.revision == 1)
    }
}
