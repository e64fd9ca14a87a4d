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
        /// The crash a link names (``AssistanceViewModel/openCrash(_:)``).
        case crash(CrashID)
    }

    /// Builds the environment from the options and runs until the driver quits or input ends.
    static func run(storage: StorageOptions, start: Start) async throws {
        let environment = try Console.exitOnFailure { () throws(Environment.Failure) in try storage.makeEnvironment() }
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
        console.line("Crash Assistant \(AppVersion.current) — type h on any screen for its keys.")
        if let sync = environment.sync {
            if case .crash = start {
                // Bring what the server holds for the crash first; offline, the link opens what this device has.
                let pass = await sync.syncOnce()
                if let failure = pass.failure { console.message(.error(AppErrorText.sentence(for: failure))) }
            }
            await sync.start()
            assistance.followSync()
            syncBinding = assistance.sync.bind { [weak self] model in self?.syncChanged(model) }
        }
        switch start {
        case .menu: break
        case .newReport: await assistance.openCrashAssistant()
        case let .crash(crashID): await assistance.openCrash(crashID)
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
