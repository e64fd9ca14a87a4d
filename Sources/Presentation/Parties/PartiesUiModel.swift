import Domain
import Wording

/// "Other parties": each party the crash involved besides vehicle B of the statement — a cyclist, a pedestrian,
/// property, a vehicle that left the scene — with what is known of it.
public struct PartiesUiModel: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        /// The number typed to change or remove it: `1`.
        public let key: String
        /// What it is: `Cyclist`.
        public let role: String
        /// What is known of it, in one line; `nil` when nothing.
        public let summary: String?
    }

    public let title: String
    public let rows: [Row]
    /// Said when there is no party: the car alone or only two vehicles, which is reported all the same.
    public let emptyNote: String?
    public let options: [MenuOption]

    public init(_ report: CrashReport, words: Words = .english) {
        let partyWords = PartyWords(words)
        title = ScreenWords(words).category(.otherParties)
        rows = report.parties.all.enumerated().map { index, party in
            var summary = partyWords.summary(party)
            let touching = report.parties.touching(.vehicle(party.id))
            if !touching.isEmpty {
                let touched = words("touched {vehicles}", ["vehicles": partyWords.vehicles(touching, in: report.parties)])
                summary = summary.isEmpty ? touched : summary + words(", ", context: "between the items of a list") + touched
            }
            return Row(key: String(index + 1), role: partyWords.role(party.kind.role), summary: summary.isEmpty ? nil : summary)
        }
        emptyNote = report.parties.isAlone
            ? words("No other party: your car alone, or only the other vehicle of the accident statement. That is reported all the same.")
            : nil
        let full = report.parties.all.count >= CrashParties.maximum
        options = [
            MenuOption(
                key: "add", title: words("Add a party: a cyclist, a pedestrian, property, a vehicle that left the scene, or another motor vehicle"),
                isEnabled: !full, disabledReason: words("A report lists at most {limit} other parties; remove one first.", ["limit": words.number(CrashParties.maximum)])
            ),
            MenuOption(key: "change <n>", title: words("Change party n, field by field"), isEnabled: !report.parties.isAlone,
                       disabledReason: words("No party to change yet.")),
            MenuOption(key: "remove <n>", title: words("Remove party n"), isEnabled: !report.parties.isAlone,
                       disabledReason: words("No party to remove yet.")),
            MenuOption(key: "touched <n> <B, numbers>", title: words("Which vehicles besides yours party n touched (another motor vehicle; - for none)"),
                       isEnabled: !report.parties.motorVehicles.isEmpty, disabledReason: words("No other motor vehicle is listed.")),
            MenuOption(key: "d", title: words("Done")),
            MenuOption(key: "x", title: words("Close (discard every party)")),
        ]
    }
}
