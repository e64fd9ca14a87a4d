import ArgumentParser
import Domain
import PhoneNumbers
import Foundation
import ServerApp

@main
/// `crash-assistant-server`: serves crash IDs, crash events, reports, photos and PDFs, and adds accounts.
struct CrashAssistantServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crash-assistant-server",
        abstract: "The crash-report server: crash IDs, crash events and their SMS, reports and photos per user, the PDF, claims for the insurer.",
        version: ProductVersion.current,
        subcommands: [ServeCommand.self, AccountCommand<UserKind>.self, AccountCommand<DetectorKind>.self, AccountCommand<HandlerKind>.self, SMSCommand.self, WebhookCommand.self, KeysCommand.self]
    )

    /// Makes libphonenumber the judge of typed phone numbers, then runs the command.
    static func main() async {
        LibPhoneNumberJudge.install()
        await main(nil)
    }
}

/// `--data DIR`, shared by every command.
struct DataOption: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp(
        "The data folder (database, photos, PDFs, SMS outbox).", valueName: "DIR"
    ))
    var folder: String?

    var resolved: String {
        guard let folder else { return ServerEnvironment.defaultDataFolder() }
        if folder.hasPrefix("/") { return folder }
        return FileManager.default.currentDirectoryPath + "/" + folder
    }
}
