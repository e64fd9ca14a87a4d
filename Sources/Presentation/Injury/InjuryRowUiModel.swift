import Domain
import Wording

/// One option of "Who was injured?": its number, name, what it chooses and whether it is chosen.
public struct InjuryRowUiModel: Sendable, Hashable {
    /// What choosing the row chooses.
    public enum Choice: Sendable, Hashable {
        /// One of the six options.
        case injury(Injury)
        /// A cyclist or pedestrian of the report.
        case person(PartyID)
        /// The driver or the passengers of another motor vehicle.
        case occupant(PartyID, Occupant)
    }

    public let number: Int
    public let title: String
    public let isSelected: Bool
    public let choice: Choice

    /// One of the six options, named as the report's parties make it read (``ScreenWords/injury(_:among:)``).
    public init(_ injury: Injury, in report: CrashReport, words: Words = .english) {
        number = injury.rawValue
        title = ScreenWords(words).injury(injury, among: report.parties)
        isSelected = report.injuries.contains(injury)
        choice = .injury(injury)
    }

    /// A cyclist or pedestrian of the report, numbered after the six options.
    public init(_ party: Party, number: Int, words: Words = .english) {
        self.number = number
        title = PartyWords(words).person(party)
        isSelected = party.kind.injured == true
        choice = .person(party.id)
    }

    /// The driver or passengers of another motor vehicle (party `partyNumber` of the list), with what names the
    /// vehicle: `Driver of party 2 (Carl Third, C-DE 345)`.
    public init(_ occupant: Occupant, of party: Party, partyNumber: Int, number: Int, words: Words = .english) {
        self.number = number
        let who = PartyWords(words).occupant(occupant, party: partyNumber)
        let column = party.kind.statement?.vehicleB
        let vehicle = [column?[.driverName] ?? column?[.policyholderName], column?[.plate]].compactMap { $0 }
            .joined(separator: words(", ", context: "between the items of a list"))
        title = vehicle.isEmpty ? who : words("{who} ({vehicle})", context: "someone who may be hurt and their vehicle", ["who": who, "vehicle": vehicle])
        isSelected = party.hurt.contains(occupant)
        choice = .occupant(party.id, occupant)
    }
}
