import Domain

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
        case close(CloseReportViewModel)
        /// The report was created: the Crash report screen.
        case crashReport(CrashReportViewModel)
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
    private let makeCloseDialog: @MainActor (ReportID, CrashID) -> CloseReportViewModel
    private let makeCrashReport: @MainActor (ReportID, CrashID, String?) -> CrashReportViewModel

    /// Opens the assistant on a draft; the checklist comes first.
    /// - Parameters:
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
        makeCloseDialog: @escaping @MainActor (ReportID, CrashID) -> CloseReportViewModel,
        makeCrashReport: @escaping @MainActor (ReportID, CrashID, String?) -> CrashReportViewModel
    ) {
        self.report = report
        self.setScene = setScene
        self.createReport = create
        self.saveDraft = saveDraft
        self.clock = clock
        self.dates = dates
        self.makeInjuryPage = makeInjuryPage
        self.makePhotoPage = makePhotoPage
        self.makeCloseDialog = makeCloseDialog
        self.makeCrashReport = makeCrashReport
        self.sceneInput = CrashSceneInput(timeZone: dates.timeZone)
        self.state = Box(CollectCrashInfoUiModel(report, dates: dates))
        self.route = Box(.landing)
        route.value = .checklist(makeChecklist())
    }

    // MARK: - Inputs

    public func showChecklist() {
        route.value = .checklist(makeChecklist())
    }

    public func openInjuries() {
        let page = makeInjuryPage(report)
        page.didFinish = { [weak self] report in self?.returnFromPage(with: report) }
        route.value = .injuries(page)
    }

    public func openOtherDriver() {
        openPhotoPage(.otherDriver)
    }

    public func openYourInfo() {
        openPhotoPage(.yourInfo)
    }

    /// Sets when and where from what follows `w` (see ``CrashSceneInput``).
    public func setWhenAndWhere(_ text: String) async {
        do {
            let scene = try sceneInput.parse(text, current: report.scene, now: clock.now())
            update(try await setScene.execute(reportID: report.id, scene: scene))
            message.value = .info("When: \(dates.dateTime(scene.occurredAt)). Where: \(scene.locationText ?? "not given").")
        } catch {
            message.value = .error(error)
        }
    }

    /// Create crash report; refused with the reason while the report holds nothing.
    public func create() async {
        guard report.canBeCreated else {
            message.value = .error("Create crash report is not available yet. " + CollectCrashInfoUiModel.createDisabledReason)
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
            message.value = .info("Crash report \(created.report.crashID) created.")
            route.value = .crashReport(crashReport)
        } catch {
            message.value = .error(error)
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
        return summary
    }

    // MARK: - Children

    private func makeChecklist() -> ChecklistViewModel {
        let checklist = ChecklistViewModel()
        checklist.didFinish = { [weak self] in self?.route.value = .landing }
        return checklist
    }

    private func openPhotoPage(_ category: InfoCategory) {
        let page = makePhotoPage(category, report)
        page.didFinish = { [weak self] report in self?.returnFromPage(with: report) }
        route.value = .photoPage(page)
    }

    private func returnFromPage(with report: CrashReport) {
        update(report)
        route.value = .landing
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

    private func update(_ newReport: CrashReport) {
        report = newReport
        state.value = CollectCrashInfoUiModel(newReport, dates: dates)
    }
}
