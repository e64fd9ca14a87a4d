import Domain
import Presentation
import Wording

/// The one composition function: given the chosen ``Adapters``, builds the use cases and every screen's view model
/// with only the use cases (and ports) it calls, and the factories of the screens it opens. The app, the tests and
/// the benchmarks all build their graph here.
public struct Wiring: Sendable {
    public let adapters: Adapters
    public let useCases: UseCases
    /// How the screens write dates and times (in ``words``' language).
    public let dates: DateText
    /// The language the screens speak.
    public let words: Words

    /// Builds the use cases over `adapters`; the screens are made on demand by the `make…` functions.
    public init(_ adapters: Adapters, dates: DateText = DateText(), words: Words = .english) {
        self.adapters = adapters
        self.useCases = UseCases(adapters, language: try? LanguageTag(parsing: words.code))
        self.dates = words.dates(dates)
        self.words = words
    }

    // MARK: - Screens

    /// The Assistance menu, the root of the app.
    @MainActor
    public func makeAssistance() -> AssistanceViewModel {
        AssistanceViewModel(
            start: useCases.start,
            resume: useCases.resume,
            makeReportList: { makeReportList() },
            makeCrashAssistant: { report, opening in makeCrashAssistant(report, opening: opening) },
            makeCrashReport: { reportID, crashID in makeCrashReport(reportID, crashID, documentLocation: nil) },
            syncStatus: adapters.syncStatus,
            dates: dates,
            makeProfile: makeProfile,
            storeChanges: adapters.storeChanges,
            reload: { [repository = adapters.repository] id in try await repository.report(withID: id) },
            words: words
        )
    }

    /// "Your details", when the store keeps them.
    @MainActor
    public var makeProfile: (@MainActor () -> ProfileViewModel)? {
        guard let edit = useCases.editProfile else { return nil }
        return { ProfileViewModel(editProfile: edit, words: words) }
    }

    /// View crash reports.
    @MainActor
    public func makeReportList() -> ReportListViewModel {
        ReportListViewModel(list: useCases.list, dates: dates, words: words)
    }

    /// Collect Crash Info on a draft: a new one on the Emergency checklist, a resumed one where it was left.
    @MainActor
    public func makeCrashAssistant(_ report: CrashReport, opening: CollectCrashInfoViewModel.Opening = .new) -> CollectCrashInfoViewModel {
        CollectCrashInfoViewModel(
            report: report,
            setScene: useCases.setScene,
            create: useCases.create,
            saveDraft: useCases.saveDraft,
            clock: adapters.clock,
            dates: dates,
            makeInjuryPage: { report in makeInjuryPage(report) },
            makePhotoPage: { category, report in makePhotoPage(category, report) },
            makeStatementPage: { report in makeStatementPage(report) },
            makePartiesPage: { report in makePartiesPage(report) },
            makeCloseDialog: { reportID, crashID in makeCloseDialog(reportID, crashID) },
            makeCrashReport: { reportID, crashID, location in makeCrashReport(reportID, crashID, documentLocation: location) },
            opening: opening,
            places: adapters.draftPlaces,
            crashIDsFromServer: adapters.syncStatus != nil,
            words: words
        )
    }

    /// "Who was injured?" on the report.
    @MainActor
    public func makeInjuryPage(_ report: CrashReport) -> InjuryViewModel {
        InjuryViewModel(
            report: report,
            toggleInjury: useCases.toggleInjury,
            makeDiscardDialog: { report, category, title in makeDiscardDialog(report, category, title: title) },
            words: words
        )
    }

    /// An information page with photos (Other driver's info or Your info) on the report.
    @MainActor
    public func makePhotoPage(_ category: InfoCategory, _ report: CrashReport) -> PhotoPageViewModel {
        PhotoPageViewModel(
            category: category,
            report: report,
            photoFiles: adapters.photoFiles,
            addImage: useCases.addImage,
            removeImage: useCases.removeImage,
            setNote: useCases.setNote,
            dates: dates,
            makeDiscardDialog: { report, category, title in makeDiscardDialog(report, category, title: title) },
            words: words
        )
    }

    /// "Accident statement" on the report: B's, or another motor vehicle's (`pair`).
    @MainActor
    public func makeStatementPage(_ report: CrashReport, pair: StatementPair = .b) -> StatementViewModel {
        StatementViewModel(
            report: report, pair: pair, editStatement: useCases.editStatement, signStatement: useCases.signStatement, editProfile: useCases.editProfile,
            shareStatement: useCases.shareStatement, startStatement: useCases.startStatement, dates: dates,
            makeDiscardDialog: { report, category, title in makeDiscardDialog(report, category, title: title) },
            words: words
        )
    }

    /// "Other parties" on the report.
    @MainActor
    public func makePartiesPage(_ report: CrashReport) -> PartiesViewModel {
        PartiesViewModel(
            report: report, editParties: useCases.editParties,
            makeDiscardDialog: { report, category, title in makeDiscardDialog(report, category, title: title) },
            makeStatementPage: { report, pair in makeStatementPage(report, pair: pair) },
            words: words
        )
    }

    /// The dialog Close opens on Collect Crash Info.
    @MainActor
    public func makeCloseDialog(_ reportID: ReportID, _ crashID: CrashID) -> CloseReportViewModel {
        CloseReportViewModel(
            reportID: reportID, crashID: crashID, saveDraft: useCases.saveDraft, discardReport: useCases.discardReport,
            words: words
        )
    }

    /// The dialog Close opens on an information page titled `title`.
    @MainActor
    public func makeDiscardDialog(_ report: CrashReport, _ category: InfoCategory, title: String) -> DiscardPageViewModel {
        DiscardPageViewModel(report: report, category: category, title: title, discardSection: useCases.discardSection, words: words)
    }

    /// The Crash report screen; `documentLocation` is where its document is kept, when known.
    @MainActor
    public func makeCrashReport(_ reportID: ReportID, _ crashID: CrashID, documentLocation: String?) -> CrashReportViewModel {
        CrashReportViewModel(
            reportID: reportID,
            crashID: crashID,
            documentLocation: documentLocation,
            view: useCases.view,
            share: useCases.share,
            documentFormat: useCases.documentFormat,
            words: words
        )
    }
}
