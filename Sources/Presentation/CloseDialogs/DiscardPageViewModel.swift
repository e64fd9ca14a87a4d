import Domain
import Wording

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

    /// The language the screen speaks.
    public let words: Words

    public init(report: CrashReport, category: InfoCategory, title: String, discardSection: DiscardSection, words: Words = .english) {
        self.words = words
        self.reportID = report.id
        self.category = category
        self.discardSection = discardSection
        dialog = Box(DialogUiModel(
            title: words("Discard all information on this page?"),
            detail: Self.detail(of: report, on: category, title: title, words: words),
            options: [
                MenuOption(key: "k", title: words("Keep editing")),
                MenuOption(key: "d", title: words("Discard")),
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

    /// What discarding the page removes, in a sentence: `2 photos and the note will be removed from the report
    /// (everything on “Other driver's info”).`, or that the page holds nothing yet.
    static func detail(of report: CrashReport, on category: InfoCategory, title: String, words: Words) -> String {
        let values = ["page": title]
        switch category {
        case .injuries where report.hasInformation(in: .injuries):
            let injuries = CategoryRowUiModel.list(ScreenWords(words).injuries(of: report), words: words)
            return words(
                "Who was injured ({injuries}) will be removed from the report (everything on “{page}”).",
                values.merging(["injuries": injuries]) { $1 }
            )
        case .accidentStatement where !report.statement.isEmpty:
            return words.plural(
                "The accident statement ({filled} of {count} part) will be removed from the report (everything on “{page}”).",
                "The accident statement ({filled} of {count} parts) will be removed from the report (everything on “{page}”).",
                count: AccidentStatement.partCount, values.merging(["filled": words.number(report.statement.filledParts)]) { $1 }
            )
        case .otherParties where !report.parties.isAlone:
            return words.plural(
                "{count} other party will be removed from the report (everything on “{page}”).",
                "{count} other parties will be removed from the report (everything on “{page}”).",
                count: report.parties.all.count, values
            )
        case .otherDriver, .yourInfo:
            let photos = category.photoSections.reduce(0) { $0 + report.photos(in: $1).count }
            let note = category == .otherDriver && report.hasNote
            switch (photos > 0, note) {
            case (true, true):
                return words.plural(
                    "{count} photo and the note will be removed from the report (everything on “{page}”).",
                    "{count} photos and the note will be removed from the report (everything on “{page}”).",
                    count: photos, values
                )
            case (true, false):
                return words.plural(
                    "{count} photo will be removed from the report (everything on “{page}”).",
                    "{count} photos will be removed from the report (everything on “{page}”).",
                    count: photos, values
                )
            case (false, true):
                return words("The note will be removed from the report (everything on “{page}”).", values)
            case (false, false):
                break
            }
        default:
            break
        }
        return words("“{page}” holds nothing yet; discarding removes nothing.", values)
    }

    // MARK: - Inputs

    public func keepEditing() {
        didFinish?(.keepEditing)
    }

    public func discard() async {
        do {
            let report = try await discardSection.execute(reportID: reportID, category: category)
            message.value = .info(words("The information on this page was discarded."))
            didFinish?(.discarded(report))
        } catch {
            message.value = UiMessage(.error, ErrorText.sentence(for: error, words: words), cause: error)
        }
    }
}
