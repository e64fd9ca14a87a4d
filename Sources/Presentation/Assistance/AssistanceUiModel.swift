import Wording

/// The Assistance menu.
public struct AssistanceUiModel: Sendable, Hashable {
    public let title: String
    public let options: [MenuOption]
    /// Whether the menu offers "Your details" (the store keeps them).
    public let hasProfile: Bool

    /// - Parameter withProfile: with "Your details", when the store keeps them.
    public init(withProfile: Bool = false, words: Words = .english) {
        title = words("Assistance")
        hasProfile = withProfile
        options = [MenuOption(key: "1", title: words("Crash Assistant")), MenuOption(key: "2", title: words("View crash reports"))]
            + (withProfile ? [MenuOption(key: "3", title: words("Your details (they fill in vehicle A of every new accident statement)"))] : [])
            + [MenuOption(key: "q", title: words("Quit"))]
    }
}
