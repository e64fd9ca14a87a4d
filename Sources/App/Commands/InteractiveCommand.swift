import ArgumentParser

/// `crash-assistant` (or `crash-assistant menu`): the Assistance menu.
struct InteractiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: "Open the Assistance menu (what crash-assistant does without a command)."
    )

    @OptionGroup var storage: StorageOptions

    @MainActor
    func run() async throws {
        try await InteractiveSession.run(storage: storage, start: .menu)
    }
}
