import Domain

/// One row of View crash reports: number, crash ID, draft or completed, when, and what it holds.
public struct ReportRowUiModel: Sendable, Hashable {
    public let number: Int
    public let crashID: String
    public let status: String
    public let isDraft: Bool
    public let when: String
    public let holds: String

    public init(_ summary: ReportSummary, number: Int, dates: DateText) {
        self.number = number
        crashID = summary.crashID.rawValue + (summary.provisionalCrashID.map { " (was \($0))" } ?? "")
        status = summary.status.displayName
        isDraft = summary.status == .draft
        when = dates.at(summary.scene).dateTime(summary.occurredAt)
        var parts: [String] = []
        if let claimNumber = summary.claimNumber { parts.append("claim \(claimNumber)") }
        if summary.injuryCount > 0 { parts.append(summary.injuryCount == 1 ? "1 injury choice" : "\(summary.injuryCount) injury choices") }
        if summary.photoCount > 0 { parts.append(CategoryRowUiModel.photoCount(summary.photoCount)) }
        if summary.hasNote { parts.append("note") }
        if summary.statementParts > 0 { parts.append("statement \(summary.statementParts)/\(AccidentStatement.partCount)") }
        if parts.isEmpty, summary.occurredAt != summary.createdAt || summary.scene.hasLocation {
            parts.append(summary.scene.hasLocation ? "when and where" : "when")
        }
        holds = parts.isEmpty ? "nothing yet" : parts.joined(separator: ", ")
    }
}
