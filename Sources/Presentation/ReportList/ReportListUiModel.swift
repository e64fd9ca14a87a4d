import Domain
import Wording

/// View crash reports: one page of drafts and completed reports, newest first.
public struct ReportListUiModel: Sendable, Hashable {
    public let title: String
    public let rows: [ReportRowUiModel]
    /// Which rows are shown, e.g. `Reports 21–40, newest first`; `nil` when there are none.
    public let pageText: String?
    /// What the screen says when there are no reports.
    public let emptyText: String
    public let options: [MenuOption]

    /// - Parameter firstNumber: the number of the page's first row, counted over all pages.
    public init(_ summaries: [ReportSummary], firstNumber: Int, hasNextPage: Bool, dates: DateText, words: Words = .english) {
        title = words("View crash reports")
        rows = summaries.enumerated().map { ReportRowUiModel($1, number: firstNumber + $0, dates: dates, words: words) }
        let last = firstNumber + rows.count - 1
        pageText = rows.isEmpty ? nil : words("Reports {first}–{last}, newest first", ["first": String(firstNumber), "last": String(last)])
        emptyText = words("No crash reports yet. Start one with the Crash Assistant.")
        options = [
            MenuOption(key: rows.count > 1 ? "\(firstNumber)-\(last)" : "\(firstNumber)", title: words("Open a report"),
                       isEnabled: !rows.isEmpty, disabledReason: words("there are no reports")),
            MenuOption(key: "n", title: words("Next page"), isEnabled: hasNextPage, disabledReason: words("this is the last page")),
            MenuOption(key: "p", title: words("Previous page"), isEnabled: firstNumber > 1, disabledReason: words("this is the first page")),
            MenuOption(key: "b", title: words("Back to Assistance")),
        ]
    }
}
