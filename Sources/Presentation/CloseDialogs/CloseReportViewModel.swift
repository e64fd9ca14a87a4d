import Domain

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

    public init(reportID: ReportID, crashID: CrashID, saveDraft: SaveDraft, discardReport: DiscardReport) {
        self.reportID = reportID
        self.saveDraft = saveDraft
        self.discardReport = discardReport
        dialog = Box(DialogUiModel(
            title: "Close crash report \(crashID)?",
            detail: "Save it as a draft to finish later, or discard everything it holds.",
            options: [
                MenuOption(key: "k", title: "Keep editing"),
                MenuOption(key: "s", title: "Save as draft"),
                MenuOption(key: "d", title: "Discard"),
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
                message.value = .info("Nothing was entered in this report, so no draft was kept.")
                didFinish?(.discarded)
                return
            }
            message.value = .info("Draft \(summary.crashID) saved. Open it again from View crash reports.")
            didFinish?(.savedDraft(summary))
        } catch {
            message.value = .error(error)
        }
    }

    public func discard() async {
        do {
            try await discardReport.execute(reportID: reportID)
            message.value = .info("The crash report was discarded.")
            didFinish?(.discarded)
        } catch {
            message.value = .error(error)
        }
    }
}
