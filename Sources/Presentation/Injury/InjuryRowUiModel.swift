import Domain

/// One option of "Who was injured?": its number, name and whether it is chosen.
public struct InjuryRowUiModel: Sendable, Hashable {
    public let number: Int
    public let title: String
    public let isSelected: Bool

    public init(_ injury: Injury, in selection: InjurySelection) {
        number = injury.rawValue
        title = injury.displayName
        isSelected = selection.contains(injury)
    }
}
