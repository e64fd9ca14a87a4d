/// A question with its choices (the close dialogs).
public struct DialogUiModel: Sendable, Hashable {
    public let title: String
    public let detail: String
    public let options: [MenuOption]

    public init(title: String, detail: String, options: [MenuOption]) {
        self.title = title
        self.detail = detail
        self.options = options
    }
}
