import Foundation

/// What a row of "View crash reports" needs, without loading photos or notes.
public struct ReportSummary: Sendable, Hashable, Identifiable {
    public let id: ReportID
    public let crashID: CrashID
    /// The crash ID the report had on the device before the server issued ``crashID``.
    public let provisionalCrashID: CrashID?
    public let status: ReportStatus
    public let createdAt: Date
    public let updatedAt: Date
    /// When and where the crash happened, as the report shows it (``CrashReport/effectiveScene``).
    public let scene: CrashScene
    public let injuryCount: Int
    public let photoCount: Int
    public let hasNote: Bool
    /// The insurer's claim number, once a claims handler acknowledged the report.
    public let claimNumber: String?
    /// The claim's latest step, once the insurer recorded one (``CrashReport/claimTimeline``).
    public let claimStatus: ClaimStatus.Kind?
    /// How many of the accident statement's ``AccidentStatement/partCount`` parts hold anything.
    public let statementParts: Int

    public init(
        id: ReportID,
        crashID: CrashID,
        provisionalCrashID: CrashID? = nil,
        status: ReportStatus,
        createdAt: Date,
        updatedAt: Date,
        scene: CrashScene,
        injuryCount: Int,
        photoCount: Int,
        hasNote: Bool,
        claimNumber: String? = nil,
        claimStatus: ClaimStatus.Kind? = nil,
        statementParts: Int = 0
    ) {
        self.statementParts = statementParts
        self.id = id
        self.crashID = crashID
        self.provisionalCrashID = provisionalCrashID
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.scene = scene
        self.injuryCount = injuryCount
        self.photoCount = photoCount
        self.hasNote = hasNote
        self.claimNumber = claimNumber
        self.claimStatus = claimStatus
    }

    /// When the crash happened, as the report shows it.
    public var occurredAt: Date { scene.occurredAt }

    /// The list order: newest first (by creation), ties broken by id so the order is stable.
    public static func newestFirst(_ lhs: ReportSummary, _ rhs: ReportSummary) -> Bool {
        lhs.createdAt != rhs.createdAt ? lhs.createdAt > rhs.createdAt : lhs.id < rhs.id
    }
}
