/// One choice a screen offers: the key to type, what it does, and why it cannot be chosen yet.
public struct MenuOption: Sendable, Hashable {
    public let key: String
    public let title: String
    public let isEnabled: Bool
    /// Why the option is disabled; `nil` when it is enabled.
    public let disabledReason: String?

    public init(key: String, title: String, isEnabled: Bool = true, disabledReason: String? = nil) {
        self.key = key
        self.title = title
        self.isEnabled = isEnabled
        self.disabledReason = isEnabled ? nil : disabledReason
    }
}
