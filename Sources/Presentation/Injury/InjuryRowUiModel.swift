import Domain
import Wording

/// One option of "Who was injured?": its number, name and whether it is chosen.
public struct InjuryRowUiModel: Sendable, Hashable {
    public let number: Int
    public let title: String
    public let isSelected: Bool

    public init(_ injury: Injury, in selection: InjurySelection, words: Words = .english) {
        number = injury.rawValue
        title = ScreenWords(words).injury(injury)
        isSelected = selection.contains(injury)
    }
}
