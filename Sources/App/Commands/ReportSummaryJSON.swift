import Domain
import Foundation

/// One report as `crash-assistant reports --json` prints it.
struct ReportSummaryJSON: Encodable {
    let id: String
    let crashID: String
    let status: String
    let createdAt: Date
    let updatedAt: Date
    let occurredAt: Date
    let injuryCount: Int
    let photoCount: Int
    let hasNote: Bool

    init(_ summary: ReportSummary) {
        id = summary.id.description
        crashID = summary.crashID.rawValue
        status = summary.status.rawValue
        createdAt = summary.createdAt
        updatedAt = summary.updatedAt
        occurredAt = summary.occurredAt
        injuryCount = summary.injuryCount
        photoCount = summary.photoCount
        hasNote = summary.hasNote
    }
}
