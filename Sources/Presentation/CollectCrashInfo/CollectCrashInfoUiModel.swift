import Domain

/// The Collect Crash Info (landing) screen of the Crash Assistant.
public struct CollectCrashInfoUiModel: Sendable, Hashable {
    public static let createDisabledReason = "Add at least one piece of information first: who was injured, a photo or a note."

    public let title: String
    public let crashID: String
    public let when: String
    /// The place, or what to do when it is not given yet.
    public let place: String
    public let hasPlace: Bool
    public let categories: [CategoryRowUiModel]
    public let create: MenuOption
    public let options: [MenuOption]

    public init(_ report: CrashReport, dates: DateText) {
        title = "Collect Crash Info"
        crashID = report.crashID.rawValue
        when = dates.dateTime(report.scene.occurredAt)
        place = report.scene.locationText ?? "not given yet"
        hasPlace = report.scene.hasLocation
        categories = InfoCategory.allCases.map { CategoryRowUiModel($0, of: report) }
        create = MenuOption(
            key: "c",
            title: "Create crash report",
            isEnabled: report.canBeCreated,
            disabledReason: Self.createDisabledReason
        )
        options = [
            MenuOption(key: "w", title: "Set when and where, e.g. w now 47.4979,19.0402 (h shows how)"),
            MenuOption(key: "i", title: "Emergency checklist"),
            MenuOption(key: "x", title: "Close"),
        ]
    }
}
