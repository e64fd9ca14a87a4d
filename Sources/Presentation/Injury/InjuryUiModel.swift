import Domain
import Wording

/// The "Who was injured?" page.
public struct InjuryUiModel: Sendable, Hashable {
    public let title: String
    public let rows: [InjuryRowUiModel]
    public let options: [MenuOption]

    public init(_ report: CrashReport, words: Words = .english) {
        title = ScreenWords(words).category(.injuries)
        rows = Injury.allCases.map { InjuryRowUiModel($0, in: report.injuries, words: words) }
            + report.parties.all.filter(\.kind.isRoadUser).enumerated().map { index, party in
                InjuryRowUiModel(party, number: Injury.allCases.count + index + 1, words: words)
            }
        options = [
            MenuOption(key: "1-\(rows.count)", title: words("Choose or unchoose (several at once: 1 3)")),
            MenuOption(key: "d", title: words("Done")),
            MenuOption(key: "x", title: words("Close")),
        ]
    }
}
