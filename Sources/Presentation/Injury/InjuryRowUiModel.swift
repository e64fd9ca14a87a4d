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

    /// A cyclist or pedestrian of the report, numbered after the six options.
    public init(_ party: Party, number: Int, words: Words = .english) {
        self.number = number
        title = PartyWords(words).person(party)
        isSelected = party.kind.injured == true
    }
}
