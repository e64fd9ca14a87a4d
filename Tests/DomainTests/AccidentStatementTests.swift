import Domain
import Wording
import Foundation
import Testing
import TestSupport

/// The accident statement's rules: each kind of field normalised or refused by name, dates plausible, limits in
/// characters and bytes, the insurance's order, witnesses, completeness, and a completed report read-only.
@Suite("Accident statement")
struct AccidentStatementTests {
    struct Typed: Sendable, CustomStringConvertible {
        let kind: StatementFieldKind
        let typed: String
        /// The value kept; `nil` for cleared; the error's description start for a refusal.
        let kept: String?
        let refusal: String?

        init(_ kind: StatementFieldKind, _ typed: String, kept: String?) {
            self.kind = kind
            self.typed = typed
            self.kept = kept
            refusal = nil
        }

        init(_ kind: StatementFieldKind, _ typed: String, refused: String) {
            self.kind = kind
            self.typed = typed
            kept = nil
            refusal = refused
        }

        var description: String { "\(kind) “\(typed)”" }
    }

    @Test("A country is shown with its sign when the sign is not the code itself")
    func countriesShowTheirSigns() throws {
        #expect(try RegistrationCountry(parsing: "D").displayText == "DE (D)")
        #expect(try RegistrationCountry(parsing: "HU").displayText == "HU (H)")
        #expect(try RegistrationCountry(parsing: "NL").displayText == "NL")
        #expect(try RegistrationCountry(parsing: "IE").displayText == "IE (IRL)")
        #expect(try RegistrationCountry(parsing: "BR").displayText == "BR")
    }

    static let typedValues: [Typed] = [
        // Plates: uppercased, separators kept one at a time.
        Typed(.plate, "abc 123", kept: "ABC 123"),
        Typed(.plate, " b-mw  1234 ", kept: "B-MW 1234"),
        Typed(.plate, "m.ab-- 12", kept: "M-AB-12"),
        Typed(.plate, "mü ab 12", kept: "MÜ AB 12"),
        Typed(.plate, "A", refused: "a plate has at least 2"),
        Typed(.plate, "ABCDEFGHIJKLM", refused: "13 letters and digits are too many"),
        Typed(.plate, "AB_12", refused: "a plate holds only letters"),
        Typed(.plate, "   ", kept: nil),
        // A date typed in the plate's place is said, not kept as the digits 01-01-2026; a plate of digits is a plate.
        Typed(.plate, "01.01.2026", refused: "“01.01.2026” is a date, not a plate"),
        Typed(.plate, " 2026-01-01", refused: "“2026-01-01” is a date, not a plate"),
        Typed(.plate, "123-456", kept: "123-456"),
        Typed(.plate, "12.34.56", kept: "12-34-56"),
        // Countries: ISO codes, or the distinguishing sign on the plate, kept as the code.
        Typed(.country, "hu", kept: "HU"),
        Typed(.country, " De ", kept: "DE"),
        Typed(.country, "D", kept: "DE"),
        Typed(.country, "f", kept: "FR"),
        Typed(.country, "H.", kept: "HU"),
        Typed(.country, "CH", kept: "CH"),
        Typed(.country, "nl", kept: "NL"),
        Typed(.country, "IRL", kept: "IE"),
        Typed(.country, "SLO", kept: "SI"),
        Typed(.country, "UK", kept: "GB"),
        Typed(.country, "FL", kept: "LI"),
        Typed(.country, "XX", refused: "no country has the code XX"),
        Typed(.country, "Q", refused: "“Q” is not a country"),
        Typed(.country, "HUN", refused: "“HUN” is not a country"),
        Typed(.country, "Deutschland", refused: "“Deutschland” is not a country"),
        Typed(.country, " Bundesrepublik Deutschland (Germany) ", refused: "“Bundesrepublik Deutschland (Germany)” is not a country"),
        // Phones: E.164.
        Typed(.phone, "+36 30 123 4567", kept: "+36301234567"),
        Typed(.phone, "0049 151 2345 6789", kept: "+4915123456789"),
        Typed(.phone, "06 30 123 4567", refused: "give the number with +"),
        Typed(.phone, "+36 30 abc", refused: "a phone number holds only digits"),
        // E-mail: the domain lowercased.
        Typed(.email, "Jane@Example.COM", kept: "Jane@example.com"),
        Typed(.email, "jane", refused: "that is not an e-mail address"),
        Typed(.email, "jane@example", refused: "that is not an e-mail address"),
        Typed(.email, "ja ne@example.com", refused: "that is not an e-mail address"),
        Typed(.email, "a@b@example.com", refused: "that is not an e-mail address"),
        // Days: day first or year first; the calendar's days only.
        Typed(.day, "1.4.2026", kept: "2026-04-01"),
        Typed(.day, "01/04/2026", kept: "2026-04-01"),
        Typed(.day, "2026-04-01", kept: "2026-04-01"),
        Typed(.day, "29.2.2024", kept: "2024-02-29"),
        Typed(.day, "29.2.2025", refused: "the calendar has no such day"),
        Typed(.day, "31.4.2026", refused: "the calendar has no such day"),
        Typed(.day, "1.4.26", refused: "“1.4.26” is not a date"),
        Typed(.day, "1899-12-31", refused: "the year 1899 is outside"),
        Typed(.day, "tomorrow", refused: "“tomorrow” is not a date"),
        // Yes or no, and the points of impact.
        Typed(.yesNo, "Y", kept: "yes"),
        Typed(.yesNo, "no", kept: "no"),
        Typed(.yesNo, "maybe", refused: "“maybe” is neither yes nor no"),
        Typed(.zone, "rear left", kept: "rear-left"),
        Typed(.zone, "2", kept: "front"),
        Typed(.zone, "front, right corner", kept: "front-right"),
        Typed(.zone, "11", refused: "“11” is not a point of impact"),
        // Text: trimmed; blank clears; limits in characters and bytes; no control characters.
        Typed(.text(TextLimit(characters: 10)), "  Jane  ", kept: "Jane"),
        Typed(.text(TextLimit(characters: 10)), "   ", kept: nil),
        Typed(.text(TextLimit(characters: 10, allowsLineBreaks: true)), "  \n ", kept: nil),
        Typed(.text(TextLimit(characters: 10)), "Jane Doe Smith", refused: "14 characters are too many here (at most 10)"),
        Typed(.text(TextLimit(characters: 2)), String(repeating: "e\u{301}\u{301}\u{301}", count: 2), refused: "14 bytes are too many here (at most 8)"),
        Typed(.text(TextLimit(characters: 10)), "a\u{7}b", refused: "the text holds a control character (U+7)"),
        Typed(.text(TextLimit(characters: 10)), "a\nb", refused: "the text holds a control character (U+A)"),
        Typed(.text(TextLimit(characters: 10, allowsLineBreaks: true)), "a\nb", kept: "a\nb"),
    ]

    @Test("Typed values are kept normalised or refused naming the rule", arguments: typedValues)
    func typedValue(_ value: Typed) {
        do {
            let kept = try value.kind.normalised(value.typed)
            #expect(value.refusal == nil, "kept \(kept ?? "nothing") but expected a refusal")
            #expect(kept == value.kept)
        } catch {
            #expect(value.refusal != nil, "refused: \(error)")
            let words = FactText.english.clause(for: error)
            #expect(words.hasPrefix(value.refusal ?? "—"), "\(words)")
        }
    }

    /// A plate kept before as digits that read as a date still loads: only typing is judged for dates.
    @Test func aStoredPlateOfDigitsStillLoads() throws {
        let column = try StatementVehicle(values: [.trailerPlate: "01-01-2026"], circumstances: [], remarks: "", enteredByOtherDriverAt: nil, field: "statement.vehicleA")
        #expect(column[.trailerPlate] == "01-01-2026")
        var typed = StatementVehicle()
        #expect(throws: StatementFieldError.plate(.looksLikeADate("01.01.2026"))) { try typed.set(.trailerPlate, to: "01.01.2026") }
    }

    @Test func everyFieldHasAKindALabelAndAPart() {
        #expect(VehicleField.allCases.count == 23)
        #expect(Set(VehicleField.allCases.map(StatementWords.english.field)).count == 23)
        #expect(VehiclePart.allCases.flatMap(\.fields).count == 23)
        #expect(VehicleField.profileFields.count == 21)
        #expect(Circumstance.allCases.map(\.number) == Array(1...17))
        #expect(AccidentStatement.partCount == 12)
    }

    @Test func insuranceCannotEndBeforeItStarts() throws {
        var column = StatementVehicle()
        try column.set(.insuranceValidUntil, to: "31.12.2026")
        #expect(throws: StatementFieldError.endsBeforeStart(start: "2027-01-01", end: "2026-12-31")) {
            try column.set(.insuranceValidFrom, to: "1.1.2027")
        }
        #expect(column[.insuranceValidFrom] == nil)
        try column.set(.insuranceValidFrom, to: "1.1.2026")
        #expect(column[.insuranceValidFrom] == "2026-01-01")
    }

    @Test func takingAFieldFromAnotherColumnNeverMakesTheInsuranceEndBeforeItStarts() throws {
        var report = StatementVehicle()
        try report.set(.insuranceValidUntil, to: "2026-12-31")
        var profile = StatementVehicle()
        try profile.set(.insuranceValidFrom, to: "2027-01-01")
        try profile.set(.insuranceValidUntil, to: "2027-12-31")
        let filled = report.taking(.insuranceValidFrom, from: profile)
        #expect(filled[.insuranceValidFrom] == "2027-01-01")
        #expect(filled[.insuranceValidUntil] == "2027-12-31")
        // Still a column the rules allow when rebuilt.
        #expect(throws: Never.self) {
            try StatementVehicle(values: filled.values, circumstances: [], remarks: "", enteredByOtherDriverAt: nil, field: "statement.vehicleA")
        }
    }

    @Test func flagsWhatLooksWrongOnTheCrashDayButKeepsIt() throws {
        var column = StatementVehicle()
        try column.set(.licenceValidUntil, to: "2020-01-01")
        try column.set(.insuranceValidFrom, to: "2026-12-01")
        try column.set(.driverDateOfBirth, to: "2030-01-01")
        let crashDay = try CalendarDay(year: 2026, month: 11, day: 20)
        #expect(column.flags(onCrashDay: crashDay, side: .b) == [
            .licenceExpired(.b, try CalendarDay(year: 2020, month: 1, day: 1)),
            .insuranceNotYetValid(.b, try CalendarDay(year: 2026, month: 12, day: 1)),
            .bornAfterCrash(.b),
        ])
        try column.set(.insuranceValidUntil, to: "2026-12-31")
        try column.set(.insuranceValidFrom, to: "2026-01-01")
        try column.set(.licenceValidUntil, to: "2026-11-20")
        try column.set(.driverDateOfBirth, to: "1990-05-05")
        #expect(column.flags(onCrashDay: crashDay, side: .b).isEmpty)
        try column.set(.insuranceValidUntil, to: "2026-11-19")
        #expect(column.flags(onCrashDay: crashDay, side: .b) == [.insuranceExpired(.b, try CalendarDay(year: 2026, month: 11, day: 19))])
    }

    @Test func theReportFlagsOnTheCrashDayWhereItHappened() throws {
        // 2026-11-20 23:30 UTC is already the 21st in Budapest (UTC+1).
        var report = CrashReport(crashID: .stub(), createdAt: Date(timeIntervalSince1970: 1_795_217_400), utcOffsetMinutes: 60)
        var statement = AccidentStatement()
        try statement.vehicleA.set(.licenceValidUntil, to: "2026-11-20")
        try report.setStatement(statement)
        #expect(report.crashDay == (try CalendarDay(year: 2026, month: 11, day: 21)))
        #expect(report.statementFlags.map(FactText.english.line(for:)) == ["Vehicle A: the driving licence ran out on 20 Nov 2026, before the crash"])
    }

    @Test func witnessesNeedANameOrANumberAndAreAtMostFive() throws {
        #expect(throws: StatementFieldError.witnessWithoutNameOrPhone) { try Witness(name: " ", address: "1 High St", phone: "") }
        #expect(throws: StatementFieldError.phone(.missingCountryCode)) { try Witness(name: "Joe", address: "", phone: "06 1 234 5678") }
        let witness = try Witness(name: "", address: "", phone: "+36 1 234 5678")
        #expect(witness.phone?.e164 == "+3612345678")
        var statement = AccidentStatement()
        try statement.setWitnesses(Array(repeating: witness, count: 5))
        #expect(throws: StatementFieldError.tooManyWitnesses(limit: 5)) { try statement.setWitnesses(Array(repeating: witness, count: 6)) }
        #expect(statement.witnesses.count == 5)
    }

    @Test func policeReportIsKeptOnlyWhenThePoliceCame() throws {
        let came = try PoliceAttendance(attended: true, reportNumber: " 2026/123 ", station: "Budapest XI")
        #expect(came.reportNumber == "2026/123")
        let notCome = try PoliceAttendance(attended: false, reportNumber: "2026/123", station: "Budapest XI")
        #expect(notCome.reportNumber.isEmpty && notCome.station.isEmpty)
        #expect(throws: StatementFieldError.self) { try PoliceAttendance(attended: true, reportNumber: String(repeating: "1", count: 61)) }
    }

    @Test func completenessCountsTwelveParts() throws {
        var statement = AccidentStatement()
        #expect(statement.filledParts == 0)
        try statement.vehicleA.set(.plate, to: "ABC123")
        try statement.vehicleB.set(.impactPoint, to: "rear")
        #expect(statement.filledParts == 2)
        statement.vehicleB.toggle(.reversing)
        #expect(statement.filledParts == 3)
        statement.setPolice(try PoliceAttendance(attended: false))
        #expect(statement.filledParts == 4)
        #expect(try AccidentStatement.full().filledParts == 12)
    }

    @Test func anyPartOfTheStatementIsInformationTheReportHolds() throws {
        var report = CrashReport(crashID: .stub(), createdAt: referenceDate)
        #expect(!report.hasInformation(in: .accidentStatement))
        var statement = AccidentStatement()
        try statement.vehicleA.set(.plate, to: "ABC 123")
        try report.setStatement(statement)
        #expect(report.hasInformation(in: .accidentStatement))
        #expect(report.canBeCreated)
        #expect(report.summary.statementParts == 1)
    }

    @Test func aCompletedReportsStatementIsReadOnly() throws {
        var report = CrashReport(crashID: .stub(), createdAt: referenceDate)
        try report.setStatement(try .full())
        try report.complete(at: referenceDate.addingTimeInterval(60))
        #expect(throws: ReportError.readOnly(report.crashID)) { try report.setStatement(.empty) }
        #expect(report.statement == (try .full()))
        // Discarding the page empties it on a draft.
        var draft = CrashReport(crashID: .stub(), createdAt: referenceDate)
        try draft.setStatement(try .full())
        #expect(try draft.discard(.accidentStatement).isEmpty)
        #expect(draft.statement.isEmpty)
    }

    @Test func rebuildingRefusesNamingTheField() {
        #expect(throws: InvalidReportData(field: "statement.vehicleB.plate", problem: .breaksRule(.plate(.tooShort)))) {
            try StatementVehicle(values: [.plate: "A"], circumstances: [], remarks: "", enteredByOtherDriverAt: nil, field: "statement.vehicleB")
        }
        #expect(throws: InvalidReportData(field: "statement.vehicleA.remarks", problem: .tooLong(count: 501, limit: 500))) {
            try StatementVehicle(values: [:], circumstances: [], remarks: String(repeating: "x", count: 501), enteredByOtherDriverAt: nil, field: "statement.vehicleA")
        }
        #expect(throws: InvalidReportData(field: "statement.otherPropertyDamage", problem: .controlCharacter(0x1B))) {
            try AccidentStatement(vehicleA: StatementVehicle(), vehicleB: StatementVehicle(), witnesses: [], police: nil, otherPropertyDamage: "\u{1B}[31m")
        }
    }
}

/// The statement merged value by value: a field changed on one device and the other driver's column both survive.
@Suite("Accident statement merge")
struct AccidentStatementMergeTests {
    func report(_ id: ReportID, _ statement: AccidentStatement, updatedAt: Date, revision: Int) throws -> CrashReport {
        try CrashReport(
            id: id, crashID: .stub(), status: .draft, createdAt: referenceDate, updatedAt: updatedAt, completedAt: nil,
            scene: CrashScene(occurredAt: referenceDate), injuries: .none, photos: [], otherDriverNote: "", statement: statement,
            revision: revision
        )
    }

    @Test func aFieldChangedHereAndTheOtherDriversColumnBothSurvive() throws {
        let id = ReportID()
        var baseStatement = AccidentStatement()
        try baseStatement.vehicleA.set(.plate, to: "ABC 123")
        let base = try report(id, baseStatement, updatedAt: referenceDate, revision: 1)
        // Here: the driver types their insurer; there: the other driver's column arrived from their phone.
        var localStatement = baseStatement
        try localStatement.vehicleA.set(.insurer, to: "Generali")
        localStatement.vehicleA.toggle(.turningRight)
        let local = try report(id, localStatement, updatedAt: referenceDate.addingTimeInterval(120), revision: 1)
        var remoteStatement = baseStatement
        remoteStatement.vehicleB = try AccidentStatement.full().vehicleB
        let remote = try report(id, remoteStatement, updatedAt: referenceDate.addingTimeInterval(60), revision: 2)

        let outcome = try ReportMerge.merge(base: base, local: local, remote: remote)
        let merged = outcome.report.statement
        #expect(merged.vehicleA[.insurer] == "Generali")
        #expect(merged.vehicleA.circumstances == [.turningRight])
        #expect(merged.vehicleA[.plate] == "ABC 123")
        #expect(merged.vehicleB == (try AccidentStatement.full().vehicleB))
        #expect(merged.vehicleB.enteredByOtherDriverAt != nil)
        #expect(outcome.fieldsFromOtherWriter == [.statement])
        #expect(outcome.conflicts.isEmpty)
        #expect(outcome.report.revision == 2)
    }

    @Test func aFieldChangedOnBothSidesGoesByTimeAndIsTold() throws {
        let id = ReportID()
        let base = try report(id, AccidentStatement(), updatedAt: referenceDate, revision: 1)
        var mine = AccidentStatement()
        try mine.vehicleB.set(.plate, to: "M-AB 1234")
        try mine.vehicleB.set(.makeAndModel, to: "VW Golf")
        var theirs = AccidentStatement()
        try theirs.vehicleB.set(.plate, to: "M-AB 1243")
        try theirs.setOtherPropertyDamage("Fence")
        // Theirs is newer: their plate wins, my make and model (changed only here) stays, their fence arrives.
        let outcome = try ReportMerge.merge(
            base: base, local: try report(id, mine, updatedAt: referenceDate.addingTimeInterval(60), revision: 1),
            remote: try report(id, theirs, updatedAt: referenceDate.addingTimeInterval(120), revision: 2)
        )
        let merged = outcome.report.statement
        #expect(merged.vehicleB[.plate] == "M-AB 1243")
        #expect(merged.vehicleB[.makeAndModel] == "VW Golf")
        #expect(merged.otherPropertyDamage == "Fence")
        #expect(outcome.conflicts == [ReportMerge.Conflict(field: .statement, keptThisDevice: false)])
        #expect(outcome.keptFields == [.statement])
        #expect(!outcome.matchesOtherWriter)
    }

    @Test func takingOneEndOfTheInsuranceNeverMakesItEndBeforeItStarts() throws {
        var mine = AccidentStatement()
        try mine.vehicleA.set(.insuranceValidFrom, to: "2026-01-01")
        try mine.vehicleA.set(.insuranceValidUntil, to: "2026-12-31")
        var theirs = AccidentStatement()
        try theirs.vehicleA.set(.insuranceValidFrom, to: "2027-01-01")
        try theirs.vehicleA.set(.insuranceValidUntil, to: "2027-12-31")
        let taken = mine.taking(.field(.a, .insuranceValidFrom), from: theirs)
        #expect(taken.vehicleA[.insuranceValidFrom] == "2027-01-01")
        #expect(taken.vehicleA[.insuranceValidUntil] == "2027-12-31")
    }
}
