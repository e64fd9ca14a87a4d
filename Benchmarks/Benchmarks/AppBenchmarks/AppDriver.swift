import Domain
import Foundation
import Presentation

/// Drives the app's view models over a copy of the 10,000-report store, as the screens do: each `prepare…`
/// brings the app to the screen an action is typed on (not measured), each action is one typed line's work.
@MainActor
final class AppDriver {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// The driver the current benchmark uses, made by its setup hook.
    static var current: AppDriver?

    let databaseFile: String
    let assistance: AssistanceViewModel
    /// Photo files waiting to be added (the folder a driver picks photos from).
    private let incoming: String
    private let wiring: AppWiring
    private var largePhoto: Data?
    private var smallPhoto: Data?
    private var nextNumber = 0

    private(set) var list: ReportListViewModel?
    private var draftRows: [Int] = []
    /// The first row numbers of the pages whose drafts were taken.
    private var openedPages: Set<Int> = []
    private(set) var assistant: CollectCrashInfoViewModel?
    private(set) var injuryPage: InjuryViewModel?
    private(set) var photoPage: PhotoPageViewModel?
    private var photosInFirstSection = 0
    private(set) var closeDialog: CloseReportViewModel?
    private(set) var crashReport: CrashReportViewModel?
    /// The photo files every created report holds.
    private var createPhotos: [String] = []

    // MARK: - Life

    /// Copies the store and opens it as the app does, then makes this the current driver.
    static func start() throws {
        current = try AppDriver()
    }

    static func stop() {
        if let current { ReportDatabaseTemplate.remove(copy: current.databaseFile) }
        current = nil
    }

    static func driver() throws -> AppDriver {
        guard let current else { throw Failed(description: "the benchmark's setup did not open the store") }
        return current
    }

    private init() throws {
        databaseFile = try ReportDatabaseTemplate.copy()
        incoming = ((databaseFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent("incoming")
        try FileManager.default.createDirectory(atPath: incoming, withIntermediateDirectories: true)
        wiring = try AppWiring(databaseFile: databaseFile)
        assistance = wiring.wiring.makeAssistance()
    }

    // MARK: - Assistance

    /// `1` on Assistance: a new draft in the Crash Assistant.
    func startReport() async throws {
        await assistance.openCrashAssistant()
        assistant = try openedAssistant()
    }

    /// `2` on Assistance: the first page of reports, newest first.
    func viewReports() async throws {
        await assistance.viewReports()
        guard case let .reports(list) = assistance.route.value else { throw failure(assistance.message) }
        guard list.state.value.rows.count == ReportListViewModel.pageSize,
              list.state.value.options.contains(where: { $0.key == "n" && $0.isEnabled }) else {
            throw Failed(description: "the first page holds \(list.state.value.rows.count) reports and no next page")
        }
        self.list = list
    }

    /// `n` on View crash reports, from the page shown.
    func nextPage() async throws {
        guard let list else { throw Failed(description: "the list is not shown") }
        let before = list.state.value.rows.first?.number
        await list.nextPage()
        guard list.state.value.rows.first?.number != before else { throw failure(list.message) }
    }

    // MARK: - View crash reports

    /// The list is shown; returns the row of a draft not opened before (so it is read from the database).
    func prepareResume() async throws -> Int {
        if list == nil {
            try await viewReports()
        }
        while draftRows.isEmpty {
            // Drafts not opened yet: those on the page shown, else on the next page.
            if !openedPages.insert(list?.state.value.rows.first?.number ?? 0).inserted {
                try await nextPage()
                continue
            }
            draftRows = list?.state.value.rows.filter(\.isDraft).map(\.number).reversed() ?? []
        }
        guard let row = draftRows.popLast() else { throw Failed(description: "the list holds no drafts") }
        return row
    }

    /// `<n>` on View crash reports: the draft reopens in the Crash Assistant.
    func resume(row: Int) async {
        await list?.open(number: row)
    }

    func checkResumed() throws {
        assistant = try openedAssistant()
    }

    // MARK: - Crash Assistant pages

    /// A new draft with "Who was injured?" open.
    func prepareInjuries() async throws {
        try await startReport()
        assistant?.openInjuries()
        guard case let .injuries(page)? = assistant?.route.value else { throw Failed(description: "Who was injured? did not open") }
        injuryPage = page
    }

    /// `1` on Who was injured?: toggles Myself.
    func toggleInjury() async {
        await injuryPage?.toggle(.myself)
    }

    func checkInjuries() throws {
        try check(injuryPage?.message)
    }

    /// A new draft with Other driver's info open.
    func prepareOtherDriverPage() async throws {
        try await startReport()
        assistant?.openOtherDriver()
        guard case let .photoPage(page)? = assistant?.route.value else { throw Failed(description: "Other driver's info did not open") }
        photoPage = page
        photosInFirstSection = 0
    }

    /// Writes a new photo file (a large camera photo or a small one) and returns its path; opens a new draft's
    /// Other driver's info when its first section is full.
    func preparePhotoFile(large: Bool) async throws -> String {
        if photoPage == nil || photosInFirstSection == ReportLimits.maximumPhotosPerSection {
            try await prepareOtherDriverPage()
        }
        nextNumber += 1
        return try writePhoto(large: large, number: nextNumber)
    }

    /// `a 1 PATH` on Other driver's info.
    func addPhoto(path: String) async {
        await photoPage?.addPhoto(path: path, toSection: 1)
    }

    func checkPhotoAdded(path: String) throws {
        try check(photoPage?.message)
        photosInFirstSection += 1
        try FileManager.default.removeItem(atPath: path)
    }

    /// A new photo in the first section, to be removed.
    func preparePhotoToRemove() async throws {
        let path = try await preparePhotoFile(large: true)
        await addPhoto(path: path)
        try checkPhotoAdded(path: path)
    }

    /// `r 1 N` on Other driver's info: removes the last photo of the first section.
    func removePhoto() async {
        await photoPage?.removePhoto(section: 1, photoNumber: photosInFirstSection)
    }

    func checkPhotoRemoved() throws {
        try check(photoPage?.message)
        photosInFirstSection -= 1
    }

    /// `n TEXT` on Other driver's info.
    func setNote(number: Int) async {
        await photoPage?.setNote("The other driver said the light was green (\(number)); a witness saw it red.")
    }

    func checkPage() throws {
        try check(photoPage?.message)
    }

    // MARK: - Collect Crash Info

    /// `w …` on Collect Crash Info.
    func setWhenAndWhere(number: Int) async {
        let minute = String(format: "%02d", number % 60)
        await assistant?.setWhenAndWhere("2026-05-01 17:\(minute) 47.4979,19.0402 Andrássy út \(number % 100 + 1), Budapest")
    }

    func checkAssistant() throws {
        try check(assistant?.message)
    }

    /// A new draft with an injury chosen, Close pressed: the dialog asks Keep editing, Save as draft or Discard.
    func prepareSaveDraft() async throws {
        try await prepareInjuries()
        await toggleInjury()
        try checkInjuries()
        injuryPage?.done()
        assistant?.close()
        guard case let .close(dialog)? = assistant?.route.value else { throw Failed(description: "Close did not ask") }
        closeDialog = dialog
    }

    /// `s` on the Close dialog.
    func saveDraft() async {
        await closeDialog?.saveDraft()
    }

    func checkSaved() throws {
        try check(closeDialog?.message)
        guard case .menu = assistance.route.value else { throw Failed(description: "saving the draft did not return to Assistance") }
    }

    /// A new draft holding an injury, a note and three camera photos of about 4 MB, back on Collect Crash Info.
    func prepareCreate() async throws {
        if createPhotos.isEmpty {
            createPhotos = try (1...3).map { try writePhoto(large: true, number: 1_000_000 + $0) }
        }
        try await prepareInjuries()
        await toggleInjury()
        try checkInjuries()
        injuryPage?.done()
        assistant?.openOtherDriver()
        guard case let .photoPage(page)? = assistant?.route.value else { throw Failed(description: "Other driver's info did not open") }
        for (section, path) in createPhotos.enumerated() {
            await page.addPhoto(path: path, toSection: section + 1)
            try check(page.message)
        }
        await page.setNote("The other driver said the light was green; a witness saw it red.")
        try check(page.message)
        page.done()
    }

    /// `c` on Collect Crash Info, then `y` to the question it asks: renders the PDF, archives it and completes the report.
    func create() async {
        await assistant?.create()
        await assistant?.confirmCreate(true)
    }

    func checkCreated() throws {
        guard case let .crashReport(report)? = assistant?.route.value else { throw failure(assistant?.message) }
        crashReport = report
    }

    /// A created report on the Crash report screen (made once).
    func prepareCrashReport() async throws {
        guard crashReport == nil else { return }
        try await prepareCreate()
        await create()
        try checkCreated()
    }

    /// `v` on Crash report.
    func viewReport() async {
        await crashReport?.view()
    }

    func checkViewed() throws {
        try check(crashReport?.message)
        guard crashReport?.document.value?.text.isEmpty == false else { throw Failed(description: "View showed no text") }
    }

    /// `s` on Crash report: it asks where to write; returns a new file name to answer with.
    func prepareShare(number: Int) async throws -> String {
        try await prepareCrashReport()
        crashReport?.share()
        return (incoming as NSString).appendingPathComponent("shared-\(number).pdf")
    }

    /// The answer to "Where shall the report be written?".
    func share(to path: String) async {
        await crashReport?.answer(path)
    }

    func checkShared(path: String) throws {
        try check(crashReport?.message)
        guard FileManager.default.fileExists(atPath: path) else { throw Failed(description: "Share wrote no \(path)") }
        try FileManager.default.removeItem(atPath: path)
    }

    // MARK: - Helpers

    private func openedAssistant() throws -> CollectCrashInfoViewModel {
        guard case let .crashAssistant(assistant) = assistance.route.value else { throw failure(assistance.message) }
        return assistant
    }

    private func writePhoto(large: Bool, number: Int) throws -> String {
        let original: Data
        if large {
            if largePhoto == nil { largePhoto = try BenchmarkPhotos.large() }
            original = largePhoto ?? Data()
        } else {
            if smallPhoto == nil { smallPhoto = try BenchmarkPhotos.fixture(BenchmarkPhotos.smallFixtureName) }
            original = smallPhoto ?? Data()
        }
        let path = (incoming as NSString).appendingPathComponent("IMG_\(number).jpg")
        try BenchmarkPhotos.variant(of: original, number: number).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Throws when the screen's last message is an error.
    private func check(_ message: Box<UiMessage?>?) throws {
        if let message = message?.value, message.kind == .error { throw Failed(description: message.text) }
    }

    private func failure(_ message: Box<UiMessage?>?) -> Failed {
        Failed(description: message?.value?.text ?? "the screen did not change")
    }
}
