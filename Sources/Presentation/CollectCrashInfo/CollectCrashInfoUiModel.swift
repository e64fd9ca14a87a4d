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
        // Unset by the driver, when and where come from the earliest crash-scene photo that has them;
        // the screen says where they came from, in the same words as the report.
        let effective = report.effectiveScene
        when = effective.whenText(dates)
        place = effective.whereText ?? "not given yet"
        hasPlace = effective.scene.hasLocation
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
