import ArgumentParser
import Domain

/// `crash-assistant open <link>`: opens the Crash Assistant on the crash a link from the server's text message names.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the crash a link names: crashassistant://crash/<crash ID> or <server>/c/<crash ID>.",
        discussion: """
            Opens the report the crash ID belongs to — with a server, after bringing what the server holds for it — \
            or starts a new report carrying that crash ID. A link that is not one of these ends with status 65.
            """
    )

    @Argument(help: "The link from the text message.")
    var link: String

    @OptionGroup var storage: StorageOptions

    @MainActor
    func run() async throws {
        let crashID: CrashID
        do {
            crashID = try DeepLink.crashID(from: link)
        } catch {
            Console.standardError(AppErrorText.sentence(for: error))
            throw ExitCode(ExitStatus.dataError)
        }
        try await InteractiveSession.run(storage: storage, start: .crash(crashID))
    }
}
