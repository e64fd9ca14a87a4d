/// The Assistance menu.
public struct AssistanceUiModel: Sendable, Hashable {
    public let title: String
    public let options: [MenuOption]

    public static let standard = menu(withProfile: false)

    /// With "Your details", when the store keeps them.
    public static let withProfile = menu(withProfile: true)

    private static func menu(withProfile: Bool) -> AssistanceUiModel {
        AssistanceUiModel(
            title: "Assistance",
            options: [MenuOption(key: "1", title: "Crash Assistant"), MenuOption(key: "2", title: "View crash reports")]
                + (withProfile ? [MenuOption(key: "3", title: "Your details (they fill in vehicle A of every new accident statement)")] : [])
                + [MenuOption(key: "q", title: "Quit")]
        )
    }
}
