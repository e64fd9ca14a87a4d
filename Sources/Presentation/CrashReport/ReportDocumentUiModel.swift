import Wording

/// "View crash report": the whole report as text and where its document is.
public struct ReportDocumentUiModel: Sendable, Hashable {
    public let text: String
    /// e.g. `Document: /home/…/crash-report-CR-7KQ2M9XD.pdf`, or that none is kept yet.
    public let locationLine: String

    public init(text: String, documentLocation: String?, words: Words = .english) {
        self.text = text
        locationLine = documentLocation.map { words("Document: {location}", ["location": $0]) }
            ?? words("No document is kept for this report yet.")
    }
}
