import Domain
import Wording

/// One category row of Collect Crash Info: its key, title, check mark and what it holds.
public struct CategoryRowUiModel: Sendable, Hashable {
    public let key: String
    public let title: String
    public let isComplete: Bool
    /// One line saying what the page holds; `nil` while it holds nothing.
    public let summary: String?

    public init(_ category: InfoCategory, of report: CrashReport, words: Words = .english) {
        let screen = ScreenWords(words)
        switch category {
        case .injuries:
            key = "1"
            title = screen.category(.injuries)
            let hurt = screen.injuries(of: report)
            summary = hurt.isEmpty ? nil : Self.list(hurt, words: words)
        case .otherDriver:
            key = "2"
            title = screen.category(.otherDriver)
            let photos = category.photoSections.reduce(0) { $0 + report.photos(in: $1).count }
            let characters = report.otherDriverNote.count
            switch (photos > 0, report.hasNote) {
            case (true, true):
                summary = words.plural(
                    "{photos}, note ({count} character)", "{photos}, note ({count} characters)",
                    count: characters, ["photos": Self.photoCount(photos, words: words)]
                )
            case (true, false):
                summary = Self.photoCount(photos, words: words)
            case (false, true):
                summary = words.plural("note ({count} character)", "note ({count} characters)", count: characters)
            case (false, false):
                summary = nil
            }
        case .yourInfo:
            key = "3"
            title = words("Collect your info")
            let photos = category.photoSections.reduce(0) { $0 + report.photos(in: $1).count }
            summary = photos > 0 ? Self.photoCount(photos, words: words) : nil
        case .accidentStatement:
            key = "4"
            title = screen.category(.accidentStatement)
            let statement = report.statement
            summary = statement.isEmpty ? nil : words.plural(
                "{filled} of {count} part", "{filled} of {count} parts",
                count: AccidentStatement.partCount, ["filled": words.number(statement.filledParts)]
            )
        case .otherParties:
            key = "5"
            title = screen.category(.otherParties)
            let parties = report.parties.all
            summary = parties.isEmpty ? nil : Self.list(parties.map { PartyWords(words).role($0.kind.role) }, words: words)
        }
        isComplete = report.hasInformation(in: category)
    }

    /// `1 photo`, `3 photos`.
    static func photoCount(_ count: Int, words: Words) -> String {
        words.plural("{count} photo", "{count} photos", count: count)
    }

    /// Items of a list (names the driver chose), separated as this language separates them: `Myself, Other driver`.
    static func list(_ items: [String], words: Words) -> String {
        items.joined(separator: words(", ", context: "between the items of a list"))
    }
}
