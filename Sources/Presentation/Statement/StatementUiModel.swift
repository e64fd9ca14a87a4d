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

    public init(_ report: CrashReport, page: Page, canMakeLink: Bool, hasProfile: Bool, dates: DateText) {
        let statement = report.statement
        self.page = page
        completeness = "Accident statement: \(statement.filledParts) of \(AccidentStatement.partCount) parts"
        flags = report.statementFlags.map(FactText.english.line(for:))
        var rows: [Row] = []
        var circumstances: [CircumstanceRow] = []
        var counts: String?
        var notes: [String] = []
        var options: [MenuOption] = []
        switch page {
        case .overview:
            title = "Accident statement"
            for side in VehicleSide.allCases {
                let column = statement[side]
                let filled = VehiclePart.allCases.filter { column.isFilled($0) }.map(\.displayName)
                var value = filled.isEmpty ? nil : filled.joined(separator: ", ")
                if column.enteredByOtherDriverAt != nil {
                    let credit = column.changesSinceSent.isEmpty ? "entered by the other driver" : "entered by the other driver, changed by you after"
                    value = (value.map { $0 + " — " } ?? "") + credit
                }
                rows.append(Row(key: side == .a ? "1" : "2", title: side == .a ? "Vehicle A (yours)" : "Vehicle B (the other)", value: value))
            }
            rows.append(Row(key: "3", title: "Circumstances", value: Self.counts(statement, empty: nil)))
            rows.append(Row(key: "4", title: "Witnesses", value: statement.witnesses.isEmpty ? nil : Self.plural(statement.witnesses.count, "witness", "witnesses")))
            rows.append(Row(key: "5", title: "Police and other damage", value: Self.police(statement)))
            let sceneDates = dates.at(report.scene)
            notes = VehicleSide.allCases.map { "Vehicle \($0.letter): " + FactText.english.signature(report.signatureState(of: $0), dates: sceneDates) }
            if let decline = statement.decline { notes.append(FactText.english.declineLine(decline, dates: sceneDates)) }
            if report.isStatementSigned { notes.append("Both drivers signed this version (\(report.statementVersion.short)): it can no longer change.") }
            options = [MenuOption(key: "1-5", title: "Open a part")]
            if canMakeLink { options.append(MenuOption(key: "s", title: "Send the other driver a link to fill in vehicle B")) }
            if !report.isStatementSigned, !statement.vehicleA.isEmpty || !statement.vehicleB.isEmpty {
                options.append(MenuOption(key: "g", title: "Sign vehicle A's side"))
                options.append(MenuOption(key: "o", title: "The other driver signs here"))
            }
            options += [MenuOption(key: "d", title: "Done"), MenuOption(key: "x", title: "Close")]
        case let .vehicle(side):
            let column = statement[side]
            title = side == .a ? "Vehicle A (yours)" : "Vehicle B (the other)"
            for (index, field) in VehicleField.allCases.enumerated() {
                rows.append(Row(key: String(index + 1), title: StatementWords.english.field(field), value: StatementQuestion.shown(column[field], kind: field.kind)))
            }
            rows.append(Row(key: "r", title: "Remarks", value: column.remarks.isEmpty ? nil : column.remarks))
            if let credit = FactText.english.creditLine(column, side: side, dates: dates.at(report.scene)) { notes.append(credit + ".") }
            options = [
                MenuOption(key: "e", title: "Enter every field in turn"),
                MenuOption(key: "1-\(VehicleField.allCases.count)", title: "Enter those fields (several at once: 6 7)"),
                MenuOption(key: "r", title: "Remarks"),
            ]
            if side == .a {
                options.append(MenuOption(key: "p", title: "Keep these as your details for new reports"))
                if hasProfile { options.append(MenuOption(key: "f", title: "Fill in your details from your profile")) }
            }
            options.append(MenuOption(key: "d", title: "Done"))
        case .circumstances:
            title = "Circumstances"
            circumstances = Circumstance.allCases.map {
                CircumstanceRow(number: $0.number, wording: StatementWords.english.circumstance($0), a: statement.vehicleA.circumstances.contains($0), b: statement.vehicleB.circumstances.contains($0))
            }
            counts = Self.counts(statement, empty: "No boxes ticked")
            options = [
                MenuOption(key: "a 1-17", title: "Tick or clear vehicle A's boxes, e.g. a 1 12"),
                MenuOption(key: "b 1-17", title: "Tick or clear vehicle B's boxes"),
                MenuOption(key: "d", title: "Done"),
            ]
        case .witnesses:
            title = "Witnesses"
            for (index, witness) in statement.witnesses.enumerated() {
                rows.append(Row(key: String(index + 1), title: witness.description, value: nil))
            }
            options = [
                MenuOption(
                    key: "add", title: "Add a witness", isEnabled: statement.witnesses.count < AccidentStatement.maximumWitnesses,
                    disabledReason: "a statement lists at most \(AccidentStatement.maximumWitnesses)"
                ),
                MenuOption(key: "remove <n>", title: "Remove witness n", isEnabled: !statement.witnesses.isEmpty, disabledReason: "none listed"),
                MenuOption(key: "d", title: "Done"),
            ]
        case .police:
            title = "Police and other damage"
            rows = [
                Row(key: "p", title: "Police", value: Self.police(statement)),
                Row(key: "o", title: "Damage to other property", value: statement.otherPropertyDamage.isEmpty ? nil : statement.otherPropertyDamage),
            ]
            options = [
                MenuOption(key: "p", title: "Whether the police came, their report"),
                MenuOption(key: "o", title: "Damage to anything but the two vehicles"),
                MenuOption(key: "d", title: "Done"),
            ]
        }
        self.rows = rows
        self.circumstances = circumstances
        self.counts = counts
        self.notes = notes
        self.options = options
    }

    static func counts(_ statement: AccidentStatement, empty: String?) -> String? {
        let a = statement.vehicleA.circumstances.count
        let b = statement.vehicleB.circumstances.count
        guard a + b > 0 else { return empty }
        return "A: \(plural(a, "box", "boxes")), B: \(plural(b, "box", "boxes"))"
    }

    static func police(_ statement: AccidentStatement) -> String? {
        statement.police?.description
    }

    static func plural(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }
}
