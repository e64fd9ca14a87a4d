import Domain
import Wording

/// Collect Crash Info, the landing screen of the Crash Assistant: the three categories, when and where,
/// Create crash report, the checklist and Close. It opens each page and hears back when the page is done.
@MainActor
public final class CollectCrashInfoViewModel {
    /// Where the Crash Assistant goes next.
    public enum Route {
        /// The Emergency checklist (always first when the assistant opens).
        case checklist(ChecklistViewModel)
        /// Back to this landing screen.
        case landing
        case injuries(InjuryViewModel)
        case photoPage(PhotoPageViewModel)
        case statement(StatementViewModel)
        case parties(PartiesViewModel)
        case close(CloseReportViewModel)
        /// The report was created: the Crash report screen.
        case crashReport(CrashReportViewModel)
    }

    /// How the Crash Assistant opens.
    public enum Opening: Sendable, Hashable {
        /// A new report: the Emergency checklist first.
        case new
        /// A draft resumed: where it was left (`nil`: Collect Crash Info).
        case resumed(InfoCategory?)
    }

    /// How the Crash Assistant ended, told to the parent.
    public enum Outcome: Sendable, Hashable {
        case savedDraft(ReportSummary)
        case discarded(CrashID)
        /// Created, then left from the Crash report screen.
        case created(CrashID)
    }

    // MARK: - Outputs

    public let state: Box<CollectCrashInfoUiModel>
    public let route: Box<Route>
    public let message = Box<UiMessage?>(nil)
    public var didFinish: ((Outcome) -> Void)?
    /// What "Create crash report" will create, with its warnings, while it waits for the driver's yes.
    public private(set) var pendingCreate: String?

    /// Whether the report is still an open draft (not yet created, saved and closed, or discarded).
    public private(set) var isOpen = true
    public var reportID: ReportID { report.id }
    public var crashID: CrashID { report.crashID }

    private var report: CrashReport
    private let setScene: SetCrashScene
    private let createReport: CreateReport
    private let saveDraft: SaveDraft
    /// "Now", for "when" typed as `now` or as a time of today.
    private let clock: any Clock
    private let dates: DateText
    private let sceneInput: CrashSceneInput
    private let makeInjuryPage: @MainActor (CrashReport) -> InjuryViewModel
    private let makePhotoPage: @MainActor (InfoCategory, CrashReport) -> PhotoPageViewModel
    private let makeStatementPage: @MainActor (CrashReport) -> StatementViewModel
    private let makePartiesPage: @MainActor (CrashReport) -> PartiesViewModel
    private let makeCloseDialog: @MainActor (ReportID, CrashID) -> CloseReportViewModel
    private let makeCrashReport: @MainActor (ReportID, CrashID, String?) -> CrashReportViewModel
    private let places: (any DraftPlaces)?
    /// The last write of where the draft is, so writes land in the order they were made.
    private var placeWrite: Task<Void, Never>?
    /// The page on show (`nil`: Collect Crash Info or the checklist).
    private var currentPlace: InfoCategory?
    private let crashIDsFromServer: Bool

    /// The language the screen speaks.
    public let words: Words

    /// Opens the assistant on a draft: a new one on the checklist, a resumed one where it was left.
    /// - Parameters:
    ///   - places: where drafts were left, kept as the driver moves between pages.
    ///   - crashIDsFromServer: whether a server issues crash IDs (a local one is then provisional, and said to be).
    ///   - makeInjuryPage: opens "Who was injured?" on the report.
    ///   - makePhotoPage: opens an information page with photos on the report.
    ///   - makeCloseDialog: the dialog Close opens.
    ///   - makeCrashReport: the Crash report screen once the report is created (with its document's location).
    public init(
        report: CrashReport,
        setScene: SetCrashScene,
        create: CreateReport,
        saveDraft: SaveDraft,
        clock: any Clock,
        dates: DateText = DateText(),
        makeInjuryPage: @escaping @MainActor (CrashReport) -> InjuryViewModel,
        makePhotoPage: @escaping @MainActor (InfoCategory, CrashReport) -> PhotoPageViewModel,
        makeStatementPage: @escaping @MainActor (CrashReport) -> StatementViewModel,
        makePartiesPage: @escaping @MainActor (CrashReport) -> PartiesViewModel,
        makeCloseDialog: @escaping @MainActor (ReportID, CrashID) -> CloseReportViewModel,
        makeCrashReport: @escaping @MainActor (ReportID, CrashID, String?) -> CrashReportViewModel,
        opening: Opening = .new,
        places: (any DraftPlaces)? = nil,
        crashIDsFromServer: Bool = false,
        words: Words = .english
    ) {
        self.words = words
        self.report = report
        self.setScene = setScene
        self.createReport = create
        self.saveDraft = saveDraft
        self.clock = clock
        self.dates = dates
        self.makeInjuryPage = makeInjuryPage
        self.makePhotoPage = makePhotoPage
        self.makeStatementPage = makeStatementPage
        self.makePartiesPage = makePartiesPage
        self.makeCloseDialog = makeCloseDialog
        self.makeCrashReport = makeCrashReport
        self.places = places
        self.crashIDsFromServer = crashIDsFromServer
        self.sceneInput = CrashSceneInput(timeZone: dates.timeZone, words: words)
        self.state = Box(CollectCrashInfoUiModel(report, dates: dates, crashIDsFromServer: crashIDsFromServer, words: words))
        self.route = Box(.landing)
        switch opening {
        case .new: route.value = .checklist(makeChecklist())
        case .resumed(nil): break
        case let .resumed(category?): open(category)
        }
    }

    // MARK: - Inputs

    public func showChecklist() {
        route.value = .checklist(makeChecklist())
    }

    public func openInjuries() {
        let page = makeInjuryPage(report)
        page.didFinish = { [weak self] report in self?.returnFromPage(with: report) }
        route.value = .injuries(page)
        rememberPlace(.injuries)
    }

    public func openOtherDriver() {
        openPhotoPage(.otherDriver)
    }

    public func openYourInfo() {
        openPhotoPage(.yourInfo)
    }

    /// Opens the statement; an empty one starts with the driver's own details in vehicle A.
    public func openStatement() async {
        let page = makeStatementPage(report)
        page.didFinish = { [weak self] report in self?.returnFromPage(with: report) }
        await page.prepare()
        route.value = .statement(page)
        rememberPlace(.accidentStatement)
    }

    /// Sets when and where from what follows `w` (see ``CrashSceneInput``).
    public func setWhenAndWhere(_ text: String) async {
        do {
            let scene = try sceneInput.parse(text, current: report.scene, now: clock.now())
            update(try await setScene.execute(reportID: report.id, scene: scene))
            let time = dates.at(scene).dateTime(scene.occurredAt)
            // The place as the screen shows it: typed, kept, or from a crash-scene photo (which it then names).
            message.value = .info(FactText(words).place(report.effectiveScene).map { words("When: {time}. Where: {place}.", ["time": time, "place": $0]) }
                ?? words("When: {time}. Where: not given.", ["time": time]))
        } catch {
            message.value = failure(error)
        }
    }

    /// Create crash report: says what will be created and what a reader would notice (``CreateSummary``), and waits
    /// for the driver's yes (``confirmCreate(_:)``) — a created report can no longer be changed. Refused with the
    /// reason while the report holds nothing.
    public func create() async {
        guard report.canBeCreated else {
            message.value = .error(words("Create crash report is not available yet. Add at least one piece of information first: who was injured, a photo, a note or the accident statement."))
            return
        }
        let summary = CreateSummary(report, dates: dates, words: words)
        pendingCreate = summary.text
        message.value = .info(summary.text)
    }

    /// The driver's answer to "Create crash report?".
    public func confirmCreate(_ yes: Bool) async {
        guard pendingCreate != nil else { return }
        pendingCreate = nil
        guard yes else {
            message.value = .info(words("Not created; the draft is as it was."))
            return
        }
        do {
            let created = try await createReport.execute(reportID: report.id)
            report = created.report
            isOpen = false
            let crashReport = makeCrashReport(created.report.id, created.report.crashID, created.location)
            crashReport.didFinish = { [weak self] in
                guard let self else { return }
                didFinish?(.created(self.report.crashID))
            }
            message.value = .info(words("Crash report {crashID} created.", ["crashID": created.report.crashID.rawValue]))
            route.value = .crashReport(crashReport)
        } catch {
            message.value = failure(error)
        }
    }

    /// Close: asks Keep editing, Save as draft or Discard.
    public func close() {
        let dialog = makeCloseDialog(report.id, report.crashID)
        dialog.didFinish = { [weak self] outcome in self?.closed(outcome) }
        route.value = .close(dialog)
    }

    /// Keeps the open report as a draft when the app is told to stop; `nil` when no draft is open.
    public func keepAsDraft() async throws -> ReportSummary? {
        guard isOpen else { return nil }
        let summary = try await saveDraft.execute(reportID: report.id)
        isOpen = false
        // The draft is stored now (a new one only from its first entry on): where it was left goes with it.
        await placeWrite?.value
        if summary != nil { try? await places?.remember(currentPlace, of: report.id) }
        return summary
    }

    /// What another program's change did to the open draft (``refresh(with:)``).
    public enum Refresh: Sendable {
        /// Nothing this screen shows changed.
        case unchanged
        /// The screen and the page open on it show the report as stored now.
        case updated
        /// The draft was discarded elsewhere: the Crash Assistant has ended.
        case gone
        /// The report was created elsewhere: the Crash Assistant has ended.
        case completed(CrashReport)
    }

    /// Brings the report as another program stored it (`nil`: discarded there) onto this screen and the page open
    /// on it. A pending Create is dropped: its summary may no longer be true.
    public func refresh(with stored: CrashReport?) async -> Refresh {
        guard isOpen else { return .unchanged }
        guard let stored else {
            isOpen = false
            return .gone
        }
        if stored.isCompleted {
            isOpen = false
            return .completed(stored)
        }
        guard stored.revision != report.revision else { return .unchanged }
        update(stored)
        if pendingCreate != nil {
            pendingCreate = nil
            message.value = .info(words("The draft changed in another window, so it was not created. Look it over and type c again."))
        }
        switch route.value {
        case let .injuries(page): page.showStored(stored)
        case let .photoPage(page): await page.showStored(stored)
        case let .statement(page): page.showStored(stored)
        case let .parties(page): page.showStored(stored)
        case .checklist, .landing, .close, .crashReport: break
        }
        return .updated
    }

    // MARK: - Children

    private func makeChecklist() -> ChecklistViewModel {
        let checklist = ChecklistViewModel(words: words)
        checklist.didFinish = { [weak self] in self?.route.value = .landing }
        return checklist
    }

    private func openPhotoPage(_ category: InfoCategory) {
        let page = makePhotoPage(category, report)
        page.didFinish = { [weak self] report in self?.returnFromPage(with: report) }
        route.value = .photoPage(page)
        rememberPlace(category)
    }

    private func open(_ category: InfoCategory) {
        switch category {
        case .injuries: openInjuries()
        case .otherDriver, .yourInfo: openPhotoPage(category)
        case .accidentStatement: showStatement()
        case .otherParties: openParties()
        }
    }

    /// "Other parties": cyclists, pedestrians, property, a vehicle that left the scene.
    public func openParties() {
        let page = makePartiesPage(report)
        page.didFinish = { [weak self] report in self?.returnFromPage(with: report) }
        route.value = .parties(page)
        rememberPlace(.otherParties)
    }

    /// The statement as it is (a draft resumed on it).
    private func showStatement() {
        let page = makeStatementPage(report)
        page.didFinish = { [weak self] report in self?.returnFromPage(with: report) }
        route.value = .statement(page)
        rememberPlace(.accidentStatement)
    }

    private func returnFromPage(with report: CrashReport) {
        update(report)
        route.value = .landing
        rememberPlace(nil)
    }

    /// Keeps where the driver is, in order; a failure to keep it costs only where the draft reopens.
    private func rememberPlace(_ place: InfoCategory?) {
        currentPlace = place
        guard let places else { return }
        let previous = placeWrite
        let id = report.id
        placeWrite = Task {
            await previous?.value
            try? await places.remember(place, of: id)
        }
    }

    private func closed(_ outcome: CloseReportViewModel.Outcome) {
        switch outcome {
        case .keepEditing:
            route.value = .landing
        case let .savedDraft(summary):
            isOpen = false
            didFinish?(.savedDraft(summary))
        case .discarded:
            isOpen = false
            didFinish?(.discarded(report.crashID))
        }
    }

    /// An error in this screen's language, keeping the error as the cause.
    private func failure(_ error: any Error) -> UiMessage {
        UiMessage(.error, ErrorText.sentence(for: error, words: words), cause: error)
    }

    private func update(_ newReport: CrashReport) {
        report = newReport
        state.value = CollectCrashInfoUiModel(newReport, dates: dates, crashIDsFromServer: crashIDsFromServer, words: words)
    }
}
