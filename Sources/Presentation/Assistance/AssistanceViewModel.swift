import Domain
import Wording

/// The Assistance menu, the root of the app: opens the Crash Assistant and View crash reports,
/// and hears back from them when they end.
@MainActor
public final class AssistanceViewModel {
    public enum Route {
        case menu
        case crashAssistant(CollectCrashInfoViewModel)
        case reports(ReportListViewModel)
        case crashReport(CrashReportViewModel)
        case profile(ProfileViewModel)
        case quit
    }

    // MARK: - Outputs

    public let menu: Box<AssistanceUiModel>
    public let route = Box(Route.menu)
    public let message = Box<UiMessage?>(nil)
    /// Where sending to the server stands; `nil` when no server is configured.
    public let sync = Box<SyncStatusUiModel?>(nil)

    private let start: StartReport
    private let resume: ResumeDraft
    private let makeReportList: @MainActor () -> ReportListViewModel
    private let makeCrashAssistant: @MainActor (CrashReport, CollectCrashInfoViewModel.Opening) -> CollectCrashInfoViewModel
    private let makeCrashReport: @MainActor (ReportID, CrashID) -> CrashReportViewModel
    private let makeProfile: (@MainActor () -> ProfileViewModel)?
    /// Whether another program changed the store; `nil` when none can.
    private let storeChanges: (any StoreChanges)?
    /// The report as stored now (`nil`: not there), read past every copy.
    private let reload: (@Sendable (ReportID) async throws -> CrashReport?)?
    /// The Crash Assistant while it is open, to keep its draft when the app is told to stop.
    private var assistant: CollectCrashInfoViewModel?
    private let syncStatus: (any SyncStatusSource)?
    private let dates: DateText
    /// The status last shown, whose notices are marked as shown once printed.
    private var latestSync: SyncStatus?
    private var following: Task<Void, Never>?

    /// The language the screen speaks.
    public let words: Words

    /// - Parameters:
    ///   - makeReportList: opens View crash reports.
    ///   - makeCrashAssistant: opens the Crash Assistant on a new or resumed draft.
    ///   - makeCrashReport: opens the Crash report screen of a completed report.
    public init(
        start: StartReport,
        resume: ResumeDraft,
        makeReportList: @escaping @MainActor () -> ReportListViewModel,
        makeCrashAssistant: @escaping @MainActor (CrashReport, CollectCrashInfoViewModel.Opening) -> CollectCrashInfoViewModel,
        makeCrashReport: @escaping @MainActor (ReportID, CrashID) -> CrashReportViewModel,
        syncStatus: (any SyncStatusSource)? = nil,
        dates: DateText = DateText(),
        makeProfile: (@MainActor () -> ProfileViewModel)? = nil,
        storeChanges: (any StoreChanges)? = nil,
        reload: (@Sendable (ReportID) async throws -> CrashReport?)? = nil,
        words: Words = .english
    ) {
        self.storeChanges = storeChanges
        self.reload = reload
        self.words = words
        self.makeProfile = makeProfile
        menu = Box(AssistanceUiModel(withProfile: makeProfile != nil, words: words))
        self.syncStatus = syncStatus
        self.dates = dates
        self.start = start
        self.resume = resume
        self.makeReportList = makeReportList
        self.makeCrashAssistant = makeCrashAssistant
        self.makeCrashReport = makeCrashReport
    }

    // MARK: - Inputs

    /// Crash Assistant: starts a new draft.
    public func openCrashAssistant() async {
        do {
            let report = try await start.execute()
            show(report)
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// Your details: the driver's own, which fill vehicle A of every new report.
    public func openProfile() async {
        guard let makeProfile else {
            message.value = .error(words("This store keeps no details of yours (it ends with the app)."))
            return
        }
        let profile = makeProfile()
        await profile.load()
        profile.didFinish = { [weak self] in self?.route.value = .menu }
        route.value = .profile(profile)
    }

    /// Opens the crash a link names: the report carrying its crash ID (a completed one on the Crash report screen),
    /// or a new draft carrying it.
    public func openCrash(_ crashID: CrashID) async {
        do {
            let report = try await start.execute(crashID: crashID)
            if report.isCompleted {
                await chose(.completed(report.id, report.crashID))
            } else {
                show(report)
            }
        } catch {
            message.value = .error(error, words: words)
        }
    }

    /// Follows where sending to the server stands, updating ``sync`` until ``stopFollowingSync()``.
    public func followSync() {
        guard let syncStatus, following == nil else { return }
        following = Task { [weak self, dates, words] in
            for await status in await syncStatus.statusUpdates() {
                guard let self else { return }
                self.latestSync = status
                let model = SyncStatusUiModel(status, dates: dates, words: words)
                if self.sync.value != model { self.sync.value = model }
            }
        }
    }

    public func stopFollowingSync() {
        following?.cancel()
        following = nil
    }

    /// Brings what another program changed (a second window, a `sync` in another terminal) onto the screen on show,
    /// before the driver's line is handled.
    /// - Returns: what it did to the screen on show (``ChangesTakenIn``).
    public func takeInChangesElsewhere() async -> ChangesTakenIn {
        guard let storeChanges, await storeChanges.changedElsewhere() else { return .none }
        switch route.value {
        case let .crashAssistant(assistant):
            let stored: CrashReport?
            do {
                stored = try await reload?(assistant.reportID)
            } catch {
                return .none
            }
            let crashID = assistant.crashID
            switch await assistant.refresh(with: stored) {
            case .unchanged:
                return .none
            case .updated:
                assistant.message.value = .info(words("This report was changed in another window; the screen shows it as it is now."))
                return .updated
            case .gone:
                self.assistant = nil
                await viewReports()
                if case let .reports(list) = route.value {
                    list.message.value = .info(words("Draft {crashID} was discarded in another window, so it is closed here.", ["crashID": crashID.rawValue]))
                }
                return .replaced
            case let .completed(report):
                self.assistant = nil
                let crashReport = makeCrashReport(report.id, report.crashID)
                crashReport.didFinish = { [weak self] in self?.route.value = .menu }
                await crashReport.refresh()
                route.value = .crashReport(crashReport)
                crashReport.message.value = .info(words("Crash report {crashID} was created in another window; here it is.", ["crashID": report.crashID.rawValue]))
                return .replaced
            }
        case let .crashReport(crashReport):
            await crashReport.refresh()
            return .updated
        case let .reports(list):
            await list.load()
            return .updated
        case .menu, .profile, .quit:
            return .none
        }
    }

    /// What taking in another program's changes did to the screen on show.
    public enum ChangesTakenIn: Sendable {
        /// Nothing changed, or nothing it shows.
        case none
        /// It shows the reports as stored now: the line typed is run on it, and it is printed again after.
        case updated
        /// Its report was discarded or created elsewhere, and another screen took its place: the line typed for it
        /// is not run on the new one.
        case replaced
    }

    /// The notices on show have been printed: they are not shown again.
    public func syncNoticesShown() async {
        guard let syncStatus, let notices = latestSync?.notices, !notices.isEmpty else { return }
        await syncStatus.noticesShown(notices)
    }

    public func viewReports() async {
        let list = makeReportList()
        list.didChoose = { [weak self] choice in
            await self?.chose(choice)
        }
        await list.load()
        route.value = .reports(list)
    }

    public func quit() {
        route.value = .quit
    }

    /// Keeps the open Crash Assistant's report as a draft (when the app is told to stop).
    /// - Returns: the kept draft, or `nil` when none was open.
    public func keepOpenReportAsDraft() async throws -> ReportSummary? {
        guard let assistant else { return nil }
        let summary = try await assistant.keepAsDraft()
        self.assistant = nil
        return summary
    }

    // MARK: - Children

    /// Opens a draft from the list, or a completed report on the Crash report screen.
    public func chose(_ choice: ReportListViewModel.Choice) async {
        switch choice {
        case .back:
            route.value = .menu
        case let .draft(reportID):
            do {
                let draft = try await resume.execute(reportID: reportID)
                show(draft, opening: .resumed(await resume.place(of: reportID)))
            } catch {
                message.value = .error(error, words: words)
            }
        case let .completed(reportID, crashID):
            let crashReport = makeCrashReport(reportID, crashID)
            crashReport.didFinish = { [weak self] in self?.route.value = .menu }
            await crashReport.refresh()
            route.value = .crashReport(crashReport)
        }
    }

    private func show(_ report: CrashReport, opening: CollectCrashInfoViewModel.Opening = .new) {
        let assistant = makeCrashAssistant(report, opening)
        assistant.didFinish = { [weak self] _ in
            self?.assistant = nil
            self?.route.value = .menu
        }
        self.assistant = assistant
        route.value = .crashAssistant(assistant)
    }
}
