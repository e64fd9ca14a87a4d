import Domain
import Wording

/// View crash reports: lists drafts and completed reports a page at a time, newest first; a number opens one.
@MainActor
public final class ReportListViewModel {
    /// What the driver chose, told to the parent.
    public enum Choice: Sendable, Hashable {
        /// Reopen this draft in the Crash Assistant.
        case draft(ReportID)
        /// Open this completed report on the Crash report screen.
        case completed(ReportID, CrashID)
        case back
    }

    /// Rows on one page: a screenful, and one page is read however many reports are kept.
    public static let pageSize = 20

    // MARK: - Outputs

    public let state: Box<ReportListUiModel>
    public let message = Box<UiMessage?>(nil)
    public var didChoose: ((Choice) async -> Void)?

    /// The rows on the current page.
    private var summaries: [ReportSummary] = []
    /// How many rows come before the current page.
    private var offset = 0
    private var hasNextPage = false
    private let list: ListReports
    private let dates: DateText

    /// The language the screen speaks.
    public let words: Words

    public init(list: ListReports, dates: DateText = DateText(), words: Words = .english) {
        self.words = words
        self.list = list
        self.dates = dates
        state = Box(ReportListUiModel([], firstNumber: 1, hasNextPage: false, dates: dates, words: words))
    }

    // MARK: - Inputs

    /// Shows the first page.
    public func load() async {
        await show(offset: 0)
    }

    public func nextPage() async {
        guard hasNextPage else {
            message.value = .error(summaries.isEmpty ? words("There are no reports yet.") : words("This is the last page; p goes back a page."))
            return
        }
        await show(offset: offset + Self.pageSize)
    }

    public func previousPage() async {
        guard offset > 0 else {
            message.value = .error(words("This is the first page; n shows the next one."))
            return
        }
        await show(offset: max(offset - Self.pageSize, 0))
    }

    /// Opens the report on row `number` (from 1, counted over all pages); it must be on the page shown.
    public func open(number: Int) async {
        let index = number - 1 - offset
        guard summaries.indices.contains(index) else {
            message.value = .error(noReport(number))
            return
        }
        let summary = summaries[index]
        await didChoose?(summary.status == .draft ? .draft(summary.id) : .completed(summary.id, summary.crashID))
    }

    public func back() async {
        await didChoose?(.back)
    }

    // MARK: - Paging

    private func show(offset newOffset: Int) async {
        do {
            // One row more than a page says whether another page follows.
            let rows = try await list.execute(limit: Self.pageSize + 1, offset: newOffset)
            if rows.isEmpty, newOffset > 0 {
                // Reports were discarded meanwhile: show the first page instead of an empty one.
                return await show(offset: 0)
            }
            offset = newOffset
            hasNextPage = rows.count > Self.pageSize
            summaries = Array(rows.prefix(Self.pageSize))
            state.value = ReportListUiModel(summaries, firstNumber: offset + 1, hasNextPage: hasNextPage, dates: dates, words: words)
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// That row `number` is not on this page, and which numbers are.
    private func noReport(_ number: Int) -> String {
        let values = ["number": String(number), "first": String(offset + 1), "last": String(offset + summaries.count)]
        let paged = hasNextPage || offset > 0
        if summaries.isEmpty { return words("There is no report {number} on this page: there are no reports yet.", values) }
        switch (summaries.count == 1, paged) {
        case (true, false): return words("There is no report {number} on this page: choose {first}.", values)
        case (true, true): return words("There is no report {number} on this page: choose {first}, or n / p for the next or previous page.", values)
        case (false, false): return words("There is no report {number} on this page: choose {first} to {last}.", values)
        case (false, true):
            return words("There is no report {number} on this page: choose {first} to {last}, or n / p for the next or previous page.", values)
        }
    }
}
