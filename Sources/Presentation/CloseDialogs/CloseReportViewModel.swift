import Domain
import Wording

/// The dialog Close opens on Collect Crash Info: Keep editing, Save as draft or Discard.
@MainActor
public final class CloseReportViewModel {
    public enum Outcome: Sendable, Hashable {
        case keepEditing
        case savedDraft(ReportSummary)
        case discarded
    }

    // MARK: - Outputs

    public let dialog: Box<DialogUiModel>
    public let message = Box<UiMessage?>(nil)
    public var didFinish: ((Outcome) -> Void)?

    private let reportID: ReportID
    private let saveDraft: SaveDraft
    private let discardReport: DiscardReport

    /// The language the screen speaks.
    public let words: Words

    public init(reportID: ReportID, crashID: CrashID, saveDraft: SaveDraft, discardReport: DiscardReport, words: Words = .english) {
        self.words = words
        self.reportID = reportID
        self.saveDraft = saveDraft
        self.discardReport = discardReport
        dialog = Box(DialogUiModel(
            title: words("Close crash report {crashID}?", ["crashID": crashID.rawValue]),
            detail: words("Save it as a draft to finish later, or discard everything it holds."),
            options: [
                MenuOption(key: "k", title: words("Keep editing")),
                MenuOption(key: "s", title: words("Save as draft")),
                MenuOption(key: "d", title: words("Discard")),
            ]
        ))
    }

    // MARK: - Inputs

    public func keepEditing() {
        didFinish?(.keepEditing)
    }

    public func saveDraft() async {
        do {
            guard let summary = try await saveDraft.execute(reportID: reportID) else {
                message.value = .info(words("Nothing was entered in this report, so no draft was kept."))
                didFinish?(.discarded)
                return
            }
            message.value = .info(words("Draft {crashID} saved. Open it again from View crash reports.", ["crashID": summary.crashID.rawValue]))
            didFinish?(.savedDraft(summary))
        } catch {
            message.value = failure(error)
        }
    }

    public func discard() async {
        do {
            try await discardReport.execute(reportID: reportID)
            message.value = .info(words("The crash report was discarded."))
            didFinish?(.discarded)
        } catch {
            message.value = failure(error)
        }
    }

    /// An error in the dialog's language, keeping the error as the cause.
    private func failure(_ error: any Error) -> UiMessage {
        UiMessage(.error, ErrorText.sentence(for: error, words: words), cause: error)
    }
}
