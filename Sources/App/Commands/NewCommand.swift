import ArgumentParser

/// `crash-assistant new`: straight into the Crash Assistant with a new report.
struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a new crash report straight away in the Crash Assistant."
    )

    @OptionGroup var storage: StorageOptions

    @MainActor
    func run() async throws {
        try await InteractiveSession.run(storage: storage, start: .newReport)
    }
}
