import ArgumentParser
import Domain
import PhoneNumbers

/// `crash-assistant`: collects what an insurance claim needs after a car crash and turns it into a crash report.
@main
struct CrashAssistantCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crash-assistant",
        abstract: "Collect what an insurance claim needs after a car crash and turn it into a crash report.",
        discussion: """
            Crash Assistant walks you through who was injured, photos of the other driver's licence, \
            insurance, plate and damage, your own damage and the scene, a note, and when and where it \
            happened, then makes the crash report to view and share. Drafts are saved and resumed.
            Without a command it opens the Assistance menu. It reads one line at a time from standard \
            input, so a script can drive it too.
            """,
        version: ProductVersion.current,
        subcommands: [InteractiveCommand.self, NewCommand.self, OpenCommand.self, ReportsCommand.self, ExportCommand.self, SyncCommand.self],
        defaultSubcommand: InteractiveCommand.self
    )

    /// Makes libphonenumber the judge of typed phone numbers, then runs the command.
    static func main() async {
        LibPhoneNumberJudge.install()
        let commands = Set(configuration.subcommands.compactMap { $0.configuration.commandName })
        await main(GlobalOptionsFirst.reordered(Array(CommandLine.arguments.dropFirst()), commands: commands))
    }
}
