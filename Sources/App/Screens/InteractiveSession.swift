import ArgumentParser
import Composition
import Data
import Domain
import Presentation

/// Runs the interactive app: the screens, typed lines, and the end of input or a stop signal,
/// which keep an open report as a draft before the app ends.
@MainActor
final class InteractiveSession {
    private let environment: Environment
    private let console: Console
    private let navigator: Navigator
    private let assistance: AssistanceViewModel
    private let root: AssistanceScreen
    private var syncBinding: AnyObject?
    /// The sync line last printed, so a change is printed once while the prompt waits.
    private var printedSync: SyncStatusUiModel?

    init(environment: Environment, console: Console) {
        self.environment = environment
        self.console = console
        navigator = Navigator(console: console)
        assistance = environment.wiring.makeAssistance()
        root = AssistanceScreen(viewModel: assistance, navigator: navigator)
    }

    /// Where the session opens.
    enum Start {
        /// The Assistance menu.
        case menu
        /// The Crash Assistant on a new report.
        case newReport
        /// The crash a link (`link`) or a typed crash ID (`link` is `nil`) names (``AssistanceViewModel/openCrash(_:)``).
        case crash(CrashID, link: String?)
    }

    /// Builds the environment from the options and runs until the driver quits or input ends.
    static func run(storage: StorageOptions, start: Start) async throws {
        let environment = try Console.exitOnFailure { () throws(Environment.Failure) in try storage.makeEnvironment() }
        if case let .crash(crashID, link) = start, let refusal = await Self.refusal(toOpen: crashID, link: link, in: environment) {
            Console.standardError(refusal.description)
            await environment.finish()
            throw ExitCode(refusal.exitCode)
        }
        let editor = TerminalLineEditor()
        let session = InteractiveSession(environment: environment, console: Console(editor: editor))
        let status = await session.run(start: start, editor: editor)
        editor?.restoreTerminal()
        await environment.finish()
        if status != 0 { throw ExitCode(status) }
    }

    /// - Returns: the exit status: 0 after quit or end of input, 128 + the signal's number after a signal.
    func run(start: Start, editor: TerminalLineEditor? = nil) async -> Int32 {
        let input = InputSource(editor: editor)
        console.line("Crash Assistant \(ProductVersion.current) — type h on any screen for its keys.")
        if let sync = environment.sync {
            if case let .crash(crashID, link) = start {
                // Bring what the server holds for the crash first; offline, the link opens what this device has.
                let pass = await sync.syncOnce()
                if let failure = pass.failure { console.message(.error(AppErrorText.sentence(for: failure))) }
                // A typed crash ID opens a report; it never starts one (only the server's link may).
                if link == nil, (try? await environment.repository.report(withCrashID: crashID)) == nil {
                    console.message(.error("No report on this device or on the server has the crash ID \(crashID). Type crash-assistant reports to see yours."))
                    return ExitStatus.noInput
                }
            }
            await sync.start()
            assistance.followSync()
            syncBinding = assistance.sync.bind { [weak self] model in self?.syncChanged(model) }
        }
        switch start {
        case .menu: break
        case .newReport: await assistance.openCrashAssistant()
        case let .crash(crashID, _): await assistance.openCrash(crashID)
        }
        navigator.present()
        for await event in input.events {
            switch event {
            case let .line(line):
                await navigator.handle(line)
                if navigator.hasQuit {
                    console.line("Goodbye.")
                    return 0
                }
                navigator.present()
            case .endOfInput:
                return await stop(status: 0, because: "Input ended")
            case let .signal(number):
                return await stop(status: ExitStatus.signal(number), because: Self.name(of: number))
            }
        }
        return 0
    }

    /// Prints where sending to the server stands when it changed while the Assistance menu's prompt waits (other
    /// screens show it when the driver is back on the menu).
    private func syncChanged(_ model: SyncStatusUiModel?) {
        guard let model, navigator.current === root, navigator.isWaiting, model.line != printedSync?.line || model.notices != printedSync?.notices else { return }
        printedSync = model
        console.line()
        root.renderSync(console)
        Task { await assistance.syncNoticesShown() }
        console.write(root.prompt)
    }

    /// Why a crash cannot be opened here, before anything is shown or made: a typed crash ID no report on this device
    /// has; a link to a crash the server detected when no server is configured to bring it from. `nil` when it can be.
    private static func refusal(toOpen crashID: CrashID, link: String?, in environment: Environment) async -> Environment.Failure? {
        // With a server, what it holds for the crash comes first; without one, only this device's reports count.
        if environment.sync != nil, link != nil { return nil }
        do {
            if try await environment.repository.report(withCrashID: crashID) != nil { return nil }
        } catch {
            return Environment.Failure(description: AppErrorText.sentence(for: error), exitCode: ExitStatus.of(error))
        }
        guard let link else {
            if environment.sync != nil, !crashID.isLocal { return nil }
            return Environment.Failure(
                description: "No report on this device has the crash ID \(crashID). Type crash-assistant reports to see them"
                    + (environment.sync == nil ? ", or give --server and --token if the crash is on your server." : "."),
                exitCode: ExitStatus.noInput
            )
        }
        let server = DeepLink.server(of: link).map { " --server \($0)" } ?? " --server <your server>"
        return Environment.Failure(
            description: "This link is for crash \(crashID), which the crash-report server recorded; this app has no server "
                + "configured, so it cannot bring what the server holds (the detected time and place). Open it with your "
                + "server and token: crash-assistant open '\(link.trimmingCharacters(in: .whitespaces))'\(server) --token <your token>. "
                + "Nothing was created.",
            exitCode: ExitStatus.config
        )
    }

    /// Keeps the open report as a draft and says where it is.
    private func stop(status: Int32, because reason: String) async -> Int32 {
        console.leavePrompt()
        console.line()
        do {
            if let draft = try await assistance.keepOpenReportAsDraft() {
                console.line("\(reason): draft \(draft.crashID) was saved \(environment.storeDescription).")
            }
        } catch {
            console.message(.error("\(reason), and the open report could not be kept as a draft: \(AppErrorText.sentence(for: error))"))
            return status == 0 ? ExitStatus.ioError : status
        }
        return status
    }

    private static func name(of signal: Int32) -> String {
        switch signal {
        case 1: "Hang-up received"
        case 2: "Interrupted"
        case 15: "Asked to stop"
        default: "Signal \(signal) received"
        }
    }
}
