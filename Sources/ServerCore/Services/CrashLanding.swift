import Domain
import Foundation

/// What the page a crash SMS's web link opens (`/c/<crash ID>`) may say of a crash: whether the server knows the crash
/// ID, what the vehicle detected, and how far its report has come. It is read by whoever holds the link, so it never
/// says whose crash it is, the claim's number, or anything the driver entered.
package struct CrashLanding: Sendable {
    let records: any CrashRecordStore
    let reports: any ServerReportStore
    let claims: any ClaimStore
    let replies: any SMSReplyStore

    package init(records: any CrashRecordStore, reports: any ServerReportStore, claims: any ClaimStore, replies: any SMSReplyStore) {
        self.replies = replies
        self.records = records
        self.reports = reports
        self.claims = claims
    }

    /// How far a crash's report has come.
    package enum Progress: Sendable, Hashable {
        /// No report carries the crash ID yet (issued, then nothing stored).
        case noReport
        /// A draft: the driver has not created the report yet.
        case draft
        /// Created, not (yet) received by the server as submitted.
        case created(at: Date?)
        /// Submitted to the insurer; `acknowledged` once a handler gave it a claim number.
        case submitted(at: Date, acknowledged: Bool)
    }

    package struct Crash: Sendable, Hashable {
        /// What the vehicle detected, for a crash the server recorded from a crash event.
        package let detection: CrashDetection?
        /// The scene's offset from UTC, to show times as they were there.
        package let utcOffsetMinutes: Int?
        package let progress: Progress
        /// When the driver answered the crash's SMS that it was a false alarm, if they did.
        package var falseAlarmAt: Date? = nil
    }

    /// The crash `crashID` names; `nil` when this server never issued it.
    package func crash(_ crashID: CrashID) async throws -> Crash? {
        guard let owner = try await records.owner(of: crashID) else { return nil }
        let falseAlarmAt = try await replies.replies(crashID: crashID).compactMap(\.crash.falseAlarmAt).first
        guard let report = try await reports.report(carrying: crashID, owner: owner) else {
            return Crash(detection: nil, utcOffsetMinutes: nil, progress: .noReport, falseAlarmAt: falseAlarmAt)
        }
        let progress: Progress
        if !report.isCompleted {
            progress = .draft
        } else if let claim = try await claims.claim(of: report.id, owner: owner) {
            progress = .submitted(at: claim.submittedAt, acknowledged: claim.report.acknowledgement != nil)
        } else {
            progress = .created(at: report.completedAt)
        }
        return Crash(detection: report.detection, utcOffsetMinutes: report.scene.utcOffsetMinutes, progress: progress, falseAlarmAt: falseAlarmAt)
    }
}
