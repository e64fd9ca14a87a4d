import Domain
import Foundation

/// One report as `crash-assistant reports --json` prints it, spelled as the server's API spells a report.
struct ReportSummaryJSON: Encodable {
    let id: String
    let crashId: String
    /// The crash ID the report had on this device before the server issued `crashId`.
    let provisionalCrashId: String?
    let status: String
    let createdAt: Date
    let updatedAt: Date
    /// When the crash happened, as the report shows it (the driver's, else from a crash-scene photo).
    let occurredAt: Date
    /// The scene's offset from UTC, in minutes, when known.
    let utcOffsetMinutes: Int?
    /// Where, as the report shows it; absent when unknown.
    let place: Place?
    let injuryCount: Int
    let photoCount: Int
    let hasNote: Bool
    /// The insurer's claim number, once the insurer acknowledged the report.
    let claimNumber: String?
    /// The claim's latest step, as the API names it (`assigned`, `vehicle-at`, …), once the insurer recorded one.
    let claimStatus: String?
    /// How many of the accident statement's 12 parts hold anything.
    let statementParts: Int

    init(_ summary: ReportSummary) {
        id = summary.id.description
        crashId = summary.crashID.rawValue
        provisionalCrashId = summary.provisionalCrashID?.rawValue
        status = summary.status.rawValue
        createdAt = summary.createdAt
        updatedAt = summary.updatedAt
        occurredAt = summary.occurredAt
        utcOffsetMinutes = summary.scene.utcOffsetMinutes
        place = summary.scene.hasLocation ? Place(summary.scene) : nil
        injuryCount = summary.injuryCount
        photoCount = summary.photoCount
        hasNote = summary.hasNote
        claimNumber = summary.claimNumber
        claimStatus = summary.claimStatus?.rawValue
        statementParts = summary.statementParts
    }

    /// A place: a coordinate, an address, or both.
    struct Place: Encodable {
        let latitude: Double?
        let longitude: Double?
        let address: String?

        init(_ scene: CrashScene) {
            latitude = scene.coordinate?.latitude
            longitude = scene.coordinate?.longitude
            address = scene.address
        }
    }
}
