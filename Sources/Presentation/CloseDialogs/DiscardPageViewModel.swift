import Domain

/// The dialog Close opens on a page: "Discard all information on this page?" Keep editing or Discard.
@MainActor
public final class DiscardPageViewModel {
    public enum Outcome: Sendable, Hashable {
        case keepEditing
        /// The page was emptied; the report as stored now.
        case discarded(CrashReport)
    }

    // MARK: - Outputs

    public let dialog: Box<DialogUiModel>
    public let message = Box<UiMessage?>(nil)
    public var didFinish: ((Outcome) -> Void)?

    private let reportID: ReportID
    private let category: InfoCategory
    private let discardSection: DiscardSection

    public init(report: CrashReport, category: InfoCategory, title: String, discardSection: DiscardSection) {
        self.reportID = report.id
        self.category = category
        self.discardSection = discardSection
        let contents = Self.contents(of: report, on: category)
        dialog = Box(DialogUiModel(
            title: "Discard all information on this page?",
            detail: contents.map { "\($0.prefix(1).uppercased() + $0.dropFirst()) will be removed from the report (everything on “\(title)”)." }
                ?? "“\(title)” holds nothing yet; discarding removes nothing.",
            options: [
                MenuOption(key: "k", title: "Keep editing"),
                MenuOption(key: "d", title: "Discard"),
            ]
        ))
    }

    /// Opens `dialog` for a page's Close on the page's `route`: Keep editing returns to the page,
    /// Discard empties the page and hands over the report as stored.
    static func open(_ dialog: DiscardPageViewModel, on route: Box<PageRoute>, discarded: @escaping (CrashReport) -> Void) {
        dialog.didFinish = { [weak route] outcome in
            switch outcome {
            case .keepEditing: route?.value = .page
            case let .discarded(report): discarded(report)
            }
        }
        route.value = .discard(dialog)
    }

    /// What the page holds, in words: `2 photos and the note`, `who was injured (Myself, Other driver)`; `nil` when empty.
    static func contents(of report: CrashReport, on category: InfoCategory) -> String? {
        switch category {
        case .injuries:
            return report.injuries.isEmpty ? nil : "who was injured (\(report.injuries.selected.map(\.displayName).joined(separator: ", ")))"
        case .accidentStatement:
            let statement = report.statement
            return statement.isEmpty ? nil : "the accident statement (\(statement.filledParts) of \(AccidentStatement.partCount) parts)"
        case .otherDriver, .yourInfo:
            var parts: [String] = []
            let photos = category.photoSections.reduce(0) { $0 + report.photos(in: $1).count }
            if photos > 0 { parts.append(CategoryRowUiModel.photoCount(photos)) }
            if category == .otherDriver, report.hasNote { parts.append("the note") }
            return parts.isEmpty ? nil : parts.joined(separator: " and ")
        }
    }

    // MARK: - Inputs

    public func keepEditing() {
        didFinish?(.keepEditing)
    }

    public func discard() async {
        do {
            let report = try await discardSection.execute(reportID: reportID, category: category)
            message.value = .info("The information on this page was discarded.")
            didFinish?(.discarded(report))
        } catch {
            message.value = .error(error)
        }
    }
}
