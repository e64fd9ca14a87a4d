import Domain

/// View crash reports: every draft and completed report, newest first.
public struct ReportListUiModel: Sendable, Hashable {
    public let title: String
    public let rows: [ReportRowUiModel]
    /// What the screen says when there are no reports.
    public let emptyText: String
    public let options: [MenuOption]

    public init(_ summaries: [ReportSummary], dates: DateText) {
        title = "View crash reports"
        rows = summaries.enumerated().map { ReportRowUiModel($1, number: $0 + 1, dates: dates) }
        emptyText = "No crash reports yet. Start one with the Crash Assistant."
        options = [
            MenuOption(key: rows.isEmpty ? "n" : (rows.count == 1 ? "1" : "1-\(rows.count)"), title: "Open a report",
                       isEnabled: !rows.isEmpty, disabledReason: "there are no reports"),
            MenuOption(key: "b", title: "Back to Assistance"),
        ]
    }
}
