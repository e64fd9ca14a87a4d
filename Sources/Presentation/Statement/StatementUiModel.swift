import Domain
import Wording

/// The Accident statement pages: the overview with its parts, a vehicle's column, the 17 circumstances, the
/// witnesses, and the police with other damage.
public struct StatementUiModel: Sendable, Hashable {
    /// Which page is on show.
    public enum Page: Sendable, Hashable {
        case overview
        case vehicle(VehicleSide)
        case circumstances
        case witnesses
        case police
    }

    public struct Row: Sendable, Hashable {
        public let key: String
        public let title: String
        /// What it holds; `nil` when nothing.
        public let value: String?
    }

    public struct CircumstanceRow: Sendable, Hashable {
        public let number: Int
        public let wording: String
        public let a: Bool
        public let b: Bool
    }

    public let page: Page
    public let title: String
    /// "Accident statement: 7 of 12 parts".
    public let completeness: String
    /// The page's rows: the parts on the overview, the fields on a vehicle's page, the witnesses, the police.
    public let rows: [Row]
    /// On the circumstances page.
    public let circumstances: [CircumstanceRow]
    /// Each side's count of boxes ticked ("A: 2 boxes, B: 1 box").
    public let counts: String?
    /// Under a vehicle's column: who entered it, its remarks.
    public let notes: [String]
    /// What looks wrong on the crash's day.
    public let flags: [String]
    public let options: [MenuOption]

    /// - Parameter pair: which statement: B's, or another motor vehicle's (titled with its number among the parties;
    ///   it is not discarded here: the parties page removes the vehicle).
    public init(
        _ report: CrashReport, pair: StatementPair = .b, page: Page, canMakeLink: Bool, hasProfile: Bool, dates: DateText,
        words: Words = .english
    ) {
        let statement = report.statement(pair) ?? .empty
        let signed = report.isStatementSigned(pair)
        let version = report.statementVersion(pair)?.short ?? ""
        let facts = FactText(words)
        let statementWords = StatementWords(words)
        self.page = page
        completeness = words.plural("Accident statement: {filled} of {count} part", "Accident statement: {filled} of {count} parts",
                                    count: AccidentStatement.partCount, ["filled": words.number(statement.filledParts)])
        flags = statement.flags(onCrashDay: report.crashDay).map { facts.line(for: $0) }
        var rows: [Row] = []
        var circumstances: [CircumstanceRow] = []
        var counts: String?
        var notes: [String] = []
        var options: [MenuOption] = []
        switch page {
        case .overview:
            title = Self.title(of: pair, in: report, words: words)
            for side in VehicleSide.allCases {
                let column = statement[side]
                let filled = VehiclePart.allCases.filter { column.isFilled($0) }.map { ScreenWords(words).part($0) }
                let parts = filled.isEmpty ? nil : filled.joined(separator: words(", ", context: "between the items of a list"))
                let value: String?
                if column.enteredByOtherDriverAt == nil {
                    value = parts
                } else if column.changesSinceSent.isEmpty {
                    value = parts.map { words("{parts} — entered by the other driver", ["parts": $0]) }
                        ?? words("entered by the other driver")
                } else {
                    value = parts.map { words("{parts} — entered by the other driver, changed by you after", ["parts": $0]) }
                        ?? words("entered by the other driver, changed by you after")
                }
                rows.append(Row(key: side == .a ? "1" : "2", title: Self.vehicleTitle(side, words: words), value: value))
            }
            rows.append(Row(key: "3", title: words("Circumstances"), value: Self.counts(statement, empty: nil, words: words)))
            rows.append(Row(
                key: "4", title: words("Witnesses"),
                value: statement.witnesses.isEmpty ? nil : words.plural("{count} witness", "{count} witnesses", count: statement.witnesses.count)
            ))
            rows.append(Row(key: "5", title: words("Police and other damage"), value: Self.police(statement, words: words)))
            let sceneDates = dates.at(report.scene)
            notes = VehicleSide.allCases.map {
                words("Vehicle {side}: {signature}", ["side": $0.letter, "signature": facts.signature(report.signatureState(of: $0, in: pair), dates: sceneDates)])
            }
            // A signature the statement's changes voided: how to sign it as it is now.
            for side in VehicleSide.allCases {
                guard case .void = report.signatureState(of: side, in: pair) else { continue }
                notes.append(words("To sign vehicle {side}'s side again, as the statement is now, type {key}.", ["side": side.letter, "key": side == .a ? "g" : "o"]))
            }
            if let decline = statement.decline { notes.append(facts.declineLine(decline, dates: sceneDates)) }
            if signed {
                notes.append(words("Both drivers signed this version ({version}): it can no longer change.", ["version": version]))
            }
            options = [MenuOption(key: "1-5", title: words("Open a part"))]
            if canMakeLink { options.append(MenuOption(key: "s", title: words("Send the other driver a link to fill in vehicle B"))) }
            if !signed, !statement.vehicleA.isEmpty || !statement.vehicleB.isEmpty {
                options.append(MenuOption(key: "g", title: words("Sign vehicle A's side")))
                options.append(MenuOption(key: "o", title: words("The other driver signs here")))
            }
            options.append(MenuOption(key: "d", title: words("Done")))
            // Signed by both, it cannot be discarded: Close is not offered.
            if !signed, pair == .b { options.append(MenuOption(key: "x", title: words("Close"))) }
        case let .vehicle(side):
            let column = statement[side]
            title = Self.vehicleTitle(side, words: words)
            for (index, field) in VehicleField.allCases.enumerated() {
                rows.append(Row(
                    key: String(index + 1), title: statementWords.field(field),
                    value: StatementQuestion.shown(column[field], kind: field.kind, words: words)
                ))
            }
            rows.append(Row(key: "r", title: words("Remarks"), value: column.remarks.isEmpty ? nil : column.remarks))
            if let credit = facts.creditLine(column, side: side, dates: dates.at(report.scene)) { notes.append(facts.sentence(credit)) }
            options = [
                MenuOption(key: "e", title: words("Enter every field in turn")),
                MenuOption(key: "1-\(VehicleField.allCases.count)", title: words("Enter those fields (several at once: 6 7)")),
                MenuOption(key: "r", title: words("Remarks")),
            ]
            if side == .a {
                options.append(MenuOption(key: "p", title: words("Keep these as your details for new reports")))
                if hasProfile { options.append(MenuOption(key: "f", title: words("Fill in your details from your profile"))) }
            }
            options.append(MenuOption(key: "d", title: words("Done")))
        case .circumstances:
            title = words("Circumstances")
            circumstances = Circumstance.allCases.map {
                CircumstanceRow(
                    number: $0.number, wording: statementWords.circumstance($0),
                    a: statement.vehicleA.circumstances.contains($0), b: statement.vehicleB.circumstances.contains($0)
                )
            }
            counts = Self.counts(statement, empty: words("No boxes ticked"), words: words)
            options = [
                MenuOption(key: "a 1-17", title: words("Tick or clear vehicle A's boxes, e.g. a 1 12")),
                MenuOption(key: "b 1-17", title: words("Tick or clear vehicle B's boxes")),
                MenuOption(key: "d", title: words("Done")),
            ]
        case .witnesses:
            title = words("Witnesses")
            for (index, witness) in statement.witnesses.enumerated() {
                // What is known of the witness, as typed: data, not words.
                rows.append(Row(key: String(index + 1), title: witness.description, value: nil))
            }
            options = [
                MenuOption(
                    key: "add", title: words("Add a witness"), isEnabled: statement.witnesses.count < AccidentStatement.maximumWitnesses,
                    disabledReason: words("a statement lists at most {limit}", ["limit": words.number(AccidentStatement.maximumWitnesses)])
                ),
                MenuOption(
                    key: "remove <n>", title: words("Remove witness n"), isEnabled: !statement.witnesses.isEmpty,
                    disabledReason: words("none listed")
                ),
                MenuOption(key: "d", title: words("Done")),
            ]
        case .police:
            title = words("Police and other damage")
            rows = [
                Row(key: "p", title: words("Police"), value: Self.police(statement, words: words)),
                Row(key: "o", title: words("Damage to other property"), value: statement.otherPropertyDamage.isEmpty ? nil : statement.otherPropertyDamage),
            ]
            options = [
                MenuOption(key: "p", title: words("Whether the police came, their report")),
                MenuOption(key: "o", title: words("Damage to anything but the two vehicles")),
                MenuOption(key: "d", title: words("Done")),
            ]
        }
        // Signed by both drivers, every part is read-only: it is shown, and only Done (and keeping vehicle A as your
        // details, which changes nothing of it) is offered.
        if signed, page != .overview {
            notes.append(words("Both drivers signed this version ({version}): it can no longer change.", ["version": version]))
            options = options.filter { $0.key == "d" || (page == .vehicle(.a) && $0.key == "p") }
        }
        self.rows = rows
        self.circumstances = circumstances
        self.counts = counts
        self.notes = notes
        self.options = options
    }

    /// The overview's title: `Accident statement`, or for another motor vehicle's `Accident statement with party 3`.
    static func title(of pair: StatementPair, in report: CrashReport, words: Words) -> String {
        guard let id = pair.party, let number = report.parties.number(of: id) else {
            return ScreenWords(words).category(.accidentStatement)
        }
        return words("Accident statement with party {number}", ["number": words.number(number)])
    }

    /// A vehicle's page and its row on the overview: `Vehicle A (yours)`.
    static func vehicleTitle(_ side: VehicleSide, words: Words) -> String {
        switch side {
        case .a: words("Vehicle A (yours)")
        case .b: words("Vehicle B (the other)")
        }
    }

    /// Each side's count of boxes ticked: `A: 2 boxes, B: 1 box`.
    static func counts(_ statement: AccidentStatement, empty: String?, words: Words) -> String? {
        let a = statement.vehicleA.circumstances.count
        let b = statement.vehicleB.circumstances.count
        guard a + b > 0 else { return empty }
        return words("A: {boxesA}, B: {boxesB}", [
            "boxesA": words.plural("{count} box", "{count} boxes", count: a),
            "boxesB": words.plural("{count} box", "{count} boxes", count: b),
        ])
    }

    static func police(_ statement: AccidentStatement, words: Words) -> String? {
        statement.police.map { StatementWords(words).police($0) }
    }
}
