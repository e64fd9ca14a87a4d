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

    public init(reportID: ReportID, category: InfoCategory, title: String, discardSection: DiscardSection) {
        self.reportID = reportID
        self.category = category
        self.discardSection = discardSection
        dialog = Box(DialogUiModel(
            title: "Discard all information on this page?",
            detail: "Everything on “\(title)” will be removed from the report.",
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
