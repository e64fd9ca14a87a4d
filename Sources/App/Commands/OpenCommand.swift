import ArgumentParser
import Domain
import Foundation
import Wording

/// `crash-assistant open <link or crash ID>`: opens the Crash Assistant on the crash a link from the server's text
/// message names, or on the report a typed crash ID names.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a crash: a link (crashassistant://crash/<crash ID> or <server>/c/<crash ID>) or a crash ID.",
        discussion: """
            Opens the report the crash ID belongs to (its crash ID or the provisional one it had, in either case) — \
            with a server, after bringing what the server holds for it — or, for a link from the server, starts a \
            new report carrying that crash ID. A link or crash ID that is not valid ends with status 65; a crash ID \
            no report on this device has, with 66; a link to a crash the server detected, when no server is \
            configured to bring it from, with 78.
            """
    )

    @Argument(help: "The link from the text message, or a crash ID such as CA-MX879ZSTDW.")
    var link: String

    @OptionGroup var storage: StorageOptions

    @MainActor
    func run() async throws {
        let target: InteractiveSession.Start
        do {
            if link.contains("://") {
                target = .crash(try DeepLink.crashID(from: link), link: link)
            } else {
                target = .crash(try CrashID(entered: link), link: nil)
            }
        } catch {
            let words = (try? storage.words(ProcessInfo.processInfo.environment)) ?? .english
            Console.standardError(AppErrorText.sentence(for: error, words: words))
            throw ExitCode(ExitStatus.dataError)
        }
        try await InteractiveSession.run(storage: storage, start: target)
    }
}
