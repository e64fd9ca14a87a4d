import Domain
import Wording

/// One row of View crash reports: number, crash ID, draft or completed, when, and what it holds.
public struct ReportRowUiModel: Sendable, Hashable {
    public let number: Int
    public let crashID: String
    public let status: String
    public let isDraft: Bool
    public let when: String
    public let holds: String

    public init(_ summary: ReportSummary, number: Int, dates: DateText, words: Words = .english) {
        self.number = number
        crashID = summary.provisionalCrashID.map {
            words("{crashID} (was {previousCrashID})", ["crashID": summary.crashID.rawValue, "previousCrashID": "\($0)"])
        } ?? summary.crashID.rawValue
        status = ScreenWords(words).status(summary.status)
        isDraft = summary.status == .draft
        when = dates.at(summary.scene).dateTime(summary.occurredAt)
        var parts: [String] = []
        if let claimNumber = summary.claimNumber { parts.append(words("claim {claimNumber}", ["claimNumber": claimNumber])) }
        if summary.injuryCount > 0 {
            parts.append(words.plural("{count} injury choice", "{count} injury choices", count: summary.injuryCount))
        }
        if summary.photoCount > 0 { parts.append(words.plural("{count} photo", "{count} photos", count: summary.photoCount)) }
        if summary.hasNote { parts.append(words("note", context: "what a report holds")) }
        if summary.statementParts > 0 {
            parts.append(words(
                "statement {filled}/{total}", ["filled": String(summary.statementParts), "total": String(AccidentStatement.partCount)]
            ))
        }
        if parts.isEmpty, summary.occurredAt != summary.createdAt || summary.scene.hasLocation {
            parts.append(summary.scene.hasLocation
                ? words("when and where", context: "what a report holds")
                : words("when", context: "what a report holds"))
        }
        holds = parts.isEmpty
            ? words("nothing yet", context: "what a report holds")
            : parts.joined(separator: words(", ", context: "between the items of a list"))
    }
}
