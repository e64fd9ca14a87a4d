import Domain
import Wording

/// The "Who was injured?" page: the six options, then the report's parties who may be hurt in the order of the list —
/// each cyclist or pedestrian, and the driver and the passengers of each other motor vehicle.
public struct InjuryUiModel: Sendable, Hashable {
    public let title: String
    public let rows: [InjuryRowUiModel]
    public let options: [MenuOption]

    public init(_ report: CrashReport, words: Words = .english) {
        title = ScreenWords(words).category(.injuries)
        var rows = Injury.allCases.map { InjuryRowUiModel($0, in: report, words: words) }
        for (index, party) in report.parties.all.enumerated() {
            if party.kind.isRoadUser {
                rows.append(InjuryRowUiModel(party, number: rows.count + 1, words: words))
            } else if party.kind.hasStatement {
                for occupant in Occupant.allCases {
                    rows.append(InjuryRowUiModel(occupant, of: party, partyNumber: index + 1, number: rows.count + 1, words: words))
                }
            }
        }
        self.rows = rows
        options = [
            MenuOption(key: "1-\(rows.count)", title: words("Choose or unchoose (several at once: 1 3)")),
            MenuOption(key: "d", title: words("Done")),
            MenuOption(key: "x", title: words("Close")),
        ]
    }
}
