import Domain
import Wording

/// The Crash report screen, after the report is created (or a completed report is opened).
public struct CrashReportUiModel: Sendable, Hashable {
    public let title: String
    public let crashID: String
    /// Where the report's document is kept, or `nil` when none is kept.
    public let documentLocation: String?
    /// The insurer's claim number and message, once the insurer acknowledged the report.
    public let claim: String?
    /// The claim's steps after it was submitted, the first first: when, what, and the insurer's note.
    public let timeline: [String]
    public let options: [MenuOption]

    /// - Parameter dates: how the steps' times are written (the crash scene's offset from UTC).
    public init(
        crashID: String, documentLocation: String?, acknowledgement: ClaimAcknowledgement? = nil, timeline steps: [ClaimStatusUpdate] = [],
        dates: DateText = DateText(), words: Words = .english
    ) {
        title = words("Crash report")
        self.crashID = crashID
        self.documentLocation = documentLocation
        claim = acknowledgement.map { acknowledgement in
            acknowledgement.message.isEmpty
                ? words("Your insurer's claim: {claimNumber}", ["claimNumber": acknowledgement.claimNumber])
                : words("Your insurer's claim: {claimNumber} — “{message}”", [
                    "claimNumber": acknowledgement.claimNumber,
                    "message": acknowledgement.message.replacingOccurrences(of: "\n", with: " "),
                ])
        }
        let said = ClaimStatusWords(words)
        timeline = steps.map { step in
            let line = words("{time}: {step}", ["time": words.dates(dates).dateTime(step.recordedAt), "step": said.says(step.status, dates: dates)])
            guard !step.note.isEmpty else { return line }
            return words("{step} — “{note}”", ["step": line, "note": step.note.replacingOccurrences(of: "\n", with: " ")])
        }
        options = [
            MenuOption(key: "v", title: words("View crash report")),
            MenuOption(key: "s", title: words("Share crash report")),
            MenuOption(key: "b", title: words("Back to Assistance")),
        ]
    }
}
