/// The Assistance menu.
public struct AssistanceUiModel: Sendable, Hashable {
    public let title: String
    public let options: [MenuOption]

    public static let standard = AssistanceUiModel(
        title: "Assistance",
        options: [
            MenuOption(key: "1", title: "Crash Assistant"),
            MenuOption(key: "2", title: "View crash reports"),
            MenuOption(key: "q", title: "Quit"),
        ]
    )
}
