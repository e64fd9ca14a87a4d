import ArgumentParser
import Composition
import Data
import Domain
import Presentation
import Wording

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
    /// The language the session speaks.
    private var words: Words { environment.wiring.words }

    init(environment: Environment, console: Console) {
        self.environment = environment
        self.console = console
        navigator = Navigator(console: console, words: environment.wiring.words)
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
        let session = InteractiveSession(environment: environment, console: Console(editor: editor, words: environment.wiring.words))
        let status = await session.run(start: start, editor: editor)
        editor?.restoreTerminal()
        await environment.finish()
        if status != 0 { throw ExitCode(status) }
    }

    /// - Returns: the exit status: 0 after quit or end of input, 128 + the signal's number after a signal.
    func run(start: Start, editor: TerminalLineEditor? = nil) async -> Int32 {
        let input = InputSource(editor: editor)
        console.line(words("Crash Assistant {version} — type h on any screen for its keys.", ["version": "\(ProductVersion.current)"]))
        if let sync = environment.sync {
            if case let .crash(crashID, link) = start {
                // Bring what the server holds for the crash first; offline, the link opens what this device has.
                let pass = await sync.syncOnce()
                if let failure = pass.failure { console.message(.error(AppErrorText.sentence(for: failure, words: words))) }
                // A typed crash ID opens a report; it never starts one (only the server's link may).
                if link == nil, (try? await environment.repository.report(withCrashID: crashID)) == nil {
                    console.message(.error(words(
                        "No report on this device or on the server has the crash ID {crashID}. Type crash-assistant reports to see yours.",
                        ["crashID": crashID.rawValue]
                    )))
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
                // What another window or program changed first: a line typed for a screen that had to go is not run,
                // and a screen that changed is printed again even after a line that keeps output in view (h).
                let taken = await assistance.takeInChangesElsewhere()
                if case .replaced = taken {
                    navigator.present()
                    continue
                }
                await navigator.handle(line)
                if case .updated = taken { navigator.keepsOutput = false }
                if navigator.hasQuit {
                    console.line(words("Goodbye."))
                    return 0
                }
                navigator.present()
            case .endOfInput:
                return await stop(status: 0, because: .inputEnded)
            case let .signal(number):
                return await stop(status: ExitStatus.signal(number), because: .signal(number))
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
        let words = environment.wiring.words
        // With a server, what it holds for the crash comes first; without one, only this device's reports count.
        if environment.sync != nil, link != nil { return nil }
        do {
            if try await environment.repository.report(withCrashID: crashID) != nil { return nil }
        } catch {
            return Environment.Failure(description: AppErrorText.sentence(for: error, words: words), exitCode: ExitStatus.of(error))
        }
        guard let link else {
            if environment.sync != nil, !crashID.isLocal { return nil }
            let values = ["crashID": crashID.rawValue]
            return Environment.Failure(
                description: environment.sync == nil
                    ? words("No report on this device has the crash ID {crashID}. Type crash-assistant reports to see them, or give --server and --token if the crash is on your server.", values)
                    : words("No report on this device has the crash ID {crashID}. Type crash-assistant reports to see them.", values),
                exitCode: ExitStatus.noInput
            )
        }
        // The command to type, with the server the link names (or where to put it) and where to put the token.
        let server = DeepLink.server(of: link) ?? words("<your server>")
        let command = "crash-assistant open '\(link.trimmingCharacters(in: .whitespaces))' --server \(server) --token " + words("<your token>")
        return Environment.Failure(
            description: words(
                "This link is for crash {crashID}, which the crash-report server recorded; this app has no server configured, so it cannot bring what the server holds (the detected time and place). Open it with your server and token: {command}. Nothing was created.",
                ["crashID": crashID.rawValue, "command": command]
            ),
            exitCode: ExitStatus.config
        )
    }

    /// Why the session stops before the driver quit.
    private enum Ending {
        /// Standard input ended.
        case inputEnded
        /// A signal arrived, by its number.
        case signal(Int32)
    }

    /// Keeps the open report as a draft and says where it is.
    private func stop(status: Int32, because ending: Ending) async -> Int32 {
        console.leavePrompt()
        console.line()
        // What a question had half answered (a witness with a name, not yet an address), and what was on the line and
        // not yet entered, goes into the draft too.
        let typed = console.editor?.takeTyped() ?? ""
        if let halfAnswered = await navigator.current?.keepHalfAnswered(typed: typed) { console.message(halfAnswered) }
        do {
            if let draft = try await assistance.keepOpenReportAsDraft() {
                console.line(saved(draft.crashID, ending))
            }
        } catch {
            console.message(.error(notKept(AppErrorText.sentence(for: error, words: words), ending)))
            return status == 0 ? ExitStatus.ioError : status
        }
        return status
    }

    /// Why the app stops, and that the open report was kept as a draft, and where.
    private func saved(_ crashID: CrashID, _ ending: Ending) -> String {
        let values = ["crashID": crashID.rawValue, "place": environment.storeDescription]
        return switch ending {
        case .inputEnded: words("Input ended: draft {crashID} was saved {place}.", values)
        case .signal(1): words("Hang-up received: draft {crashID} was saved {place}.", values)
        case .signal(2): words("Interrupted: draft {crashID} was saved {place}.", values)
        case .signal(15): words("Asked to stop: draft {crashID} was saved {place}.", values)
        case let .signal(number):
            words("Signal {signal} received: draft {crashID} was saved {place}.", values.merging(["signal": String(number)]) { $1 })
        }
    }

    /// Why the app stops, and that the open report could not be kept as a draft (`reason`: the error in words).
    private func notKept(_ reason: String, _ ending: Ending) -> String {
        let values = ["error": reason]
        return switch ending {
        case .inputEnded: words("Input ended, and the open report could not be kept as a draft: {error}", values)
        case .signal(1): words("Hang-up received, and the open report could not be kept as a draft: {error}", values)
        case .signal(2): words("Interrupted, and the open report could not be kept as a draft: {error}", values)
        case .signal(15): words("Asked to stop, and the open report could not be kept as a draft: {error}", values)
        case let .signal(number):
            words("Signal {signal} received, and the open report could not be kept as a draft: {error}", values.merging(["signal": String(number)]) { $1 })
        }
    }
}
