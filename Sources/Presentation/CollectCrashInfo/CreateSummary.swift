import Domain
import Wording

/// What "Create crash report" is about to create, and what the driver should check first: asked before the report
/// is completed, since a completed report can no longer be changed.
public struct CreateSummary: Sendable, Hashable {
    /// The question, what the report holds, and each warning on a line of its own.
    public let text: String
    public let warnings: [String]

    /// `signed by both drivers`, `signed by the driver only`, `signed by neither driver`.
    static func signatures(_ report: CrashReport) -> String {
        let holding = VehicleSide.allCases.filter { if case .holds = report.signatureState(of: $0) { true } else { false } }
        switch holding {
        case [.a, .b]: return "signed by both drivers"
        case [.a]: return "signed by the driver only"
        case [.b]: return "signed by the other driver only"
        default: return "signed by neither driver"
        }
    }

    public init(_ report: CrashReport, dates: DateText) {
        let dates = dates.at(report.scene)
        let effective = report.effectiveScene
        var holds: [String] = []
        if !report.injuries.isEmpty { holds.append("who was injured (\(report.injuries.selected.map(\.displayName).joined(separator: ", ")))") }
        if report.photoCount > 0 { holds.append(CategoryRowUiModel.photoCount(report.photoCount)) }
        if report.hasNote { holds.append("the note") }
        if !report.statement.isEmpty {
            holds.append("the accident statement (\(report.statement.filledParts) of \(AccidentStatement.partCount) parts, \(Self.signatures(report)))")
        }
        var warnings: [String] = report.statementFlags.map { FactText.english.line(for: $0) + "." }
        if !report.statement.isEmpty, !report.isStatementSigned {
            warnings.append(report.statement.decline != nil
                ? "The other driver did not agree to the statement; the report says so."
                : "The statement is not signed by both drivers, so it is not an agreed statement: sign it with g and o on its page first, or create the report without.")
        }
        for side in VehicleSide.allCases {
            if case .void = report.signatureState(of: side) {
                warnings.append("Vehicle \(side.letter)'s signature no longer counts: the statement changed after it was signed.")
            }
        }
        if report.isStatementSigned {
            // When and where are on the front both drivers signed: they stay as they are, and w cannot change them.
        } else if effective.isTimeFlagged, case let .photo(photo) = effective.timeSource {
            warnings.append("The crash time, \(dates.dateTime(effective.scene.occurredAt)), comes from photo \(photo.originalFileName), "
                + "taken long before the report was started: if the camera's clock was wrong, set the time with w first.")
        } else if case .notGiven = effective.timeSource {
            warnings.append("No crash time was given: the report says the time it was started, \(dates.dateTime(effective.scene.occurredAt)). Set it with w if that is wrong.")
        }
        if effective.scene.locationText == nil, !report.isStatementSigned { warnings.append("Where the crash happened is not given (set it with w).") }
        let remarks = report.photoRemarks
        for photo in report.allPhotos {
            for remark in remarks[photo.id] ?? [] {
                warnings.append("Photo \(photo.originalFileName) (\(photo.section.displayName)) " + Self.words(remark) + ".")
            }
        }
        self.warnings = warnings
        var lines = [
            "Create crash report \(report.crashID)? It will hold \(holds.joined(separator: ", ")); "
                + "when: \(FactText.english.when(effective, dates: dates)); where: \(FactText.english.place(effective) ?? "not given").",
        ]
        lines += warnings.map { "  ! " + $0 }
        lines.append("Once created it can no longer be changed. Type y to create it, n to keep editing.")
        text = lines.joined(separator: "\n")
    }

    private static func words(_ remark: PhotoRemark) -> String {
        switch remark {
        case let .takenBefore(seconds): "was taken \(DurationText.describe(seconds: seconds)) before the crash time"
        case let .takenAfter(seconds): "was taken \(DurationText.describe(seconds: seconds)) after the crash time"
        case let .takenAway(meters): "was taken \(Int((meters / 1_000).rounded()).formatted()) km from the crash scene"
        case let .alsoIn(section): "is also under “\(section.displayName)”"
        }
    }
}
