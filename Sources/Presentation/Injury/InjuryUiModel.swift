import Domain

/// The "Who was injured?" page.
public struct InjuryUiModel: Sendable, Hashable {
    public let title: String
    public let rows: [InjuryRowUiModel]
    public let options: [MenuOption]

    public init(_ report: CrashReport) {
        title = "Who was injured?"
        rows = Injury.allCases.map { InjuryRowUiModel($0, in: report.injuries) }
        options = [
            MenuOption(key: "1-6", title: "Choose or unchoose (several at once: 1 3)"),
            MenuOption(key: "d", title: "Done"),
            MenuOption(key: "x", title: "Close"),
        ]
    }
}
