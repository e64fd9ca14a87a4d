import Composition
import Domain
import Presentation
import Testing
import TestSupport

/// The statement's pages: fields asked one at a time (Enter keeps, `-` clears, `.` stops, a refusal asks again),
/// the boxes, witnesses and police, and each answer stored as it is given.
@MainActor
@Suite("Accident statement pages")
struct StatementViewModelTests {
    let kit = UseCaseKit()

    private func page() async throws -> (StatementViewModel, ReportID) {
        let report = try await kit.startedReport()
        return (kit.wiring().makeStatementPage(report), report.id)
    }

    private func stored(_ id: ReportID) async throws -> AccidentStatement {
        try #require(try await kit.repository.report(withID: id)).statement
    }

    @Test func fieldsAreAskedInTurnAndEachAnswerIsStoredAsGiven() async throws {
        let (page, id) = try await page()
        await page.open(.vehicle(.b))
        page.ask(fieldNumbers: [6, 7, 22])
        #expect(page.question.value?.label == "B: Registration plate")
        #expect(page.question.value?.step == "1 of 3")
        await page.answer("M")
        // Refused: asked again, the rule said.
        #expect(page.question.value?.label == "B: Registration plate")
        #expect(page.message.value?.text == "Not kept: A plate has at least 2 letters or digits.")
        await page.answer("m-ab 1234")
        #expect(try await stored(id).vehicleB[.plate] == "M-AB 1234")
        #expect(page.question.value?.label == "B: Country of registration")
        await page.answer("")  // Enter keeps (nothing)
        #expect(page.question.value?.hint?.contains("1 front-left") == true)
        await page.answer("7")
        #expect(page.question.value == nil)
        #expect(try await stored(id).vehicleB[.impactPoint] == "rear-left")
        #expect(try await stored(id).vehicleB[.plateCountry] == nil)
        #expect(page.state.value.rows.first { $0.title == "Point of initial impact" }?.value == "rear, left corner")

        // Enter keeps a value, - clears it, . stops the walk.
        page.ask(fieldNumbers: [6, 22])
        #expect(page.question.value?.current == "M-AB 1234")
        await page.answer("")
        await page.answer("-")
        #expect(try await stored(id).vehicleB[.plate] == "M-AB 1234")
        #expect(try await stored(id).vehicleB[.impactPoint] == nil)
        page.askEveryField()
        #expect(page.question.value?.step == "1 of 24")
        await page.answer(".")
        #expect(page.question.value == nil)
        page.ask(fieldNumbers: [24])
        #expect(page.message.value?.text == "There is no field 24. Type numbers from 1 to 23, e.g. 6 7.")
    }

    @Test func boxesWitnessesAndPolice() async throws {
        let (page, id) = try await page()
        await page.open(part: 3)
        await page.toggle(.a, numbers: [1, 12])
        await page.toggle(.b, numbers: [3, 3, 8])
        #expect(try await stored(id).vehicleA.circumstances == [.parked, .turningRight])
        #expect(try await stored(id).vehicleB.circumstances == [.hitRearSameDirectionSameLane])
        #expect(page.state.value.counts == "A: 2 boxes, B: 1 box")
        await page.toggle(.a, numbers: [18])
        // The example is for the side being ticked.
        #expect(page.message.value?.text == "There is no box 18. Type numbers from 1 to 17, e.g. a 1 12.")

        await page.open(part: 4)
        page.addWitness()
        await page.answer("")
        await page.answer("")
        await page.answer("")
        // Neither a name nor a number: not kept, and not asked forever.
        #expect(page.question.value == nil)
        #expect(try await stored(id).witnesses.isEmpty)
        page.addWitness()
        for answer in ["Joe Witness", "1 High St", "+44 7400 123456"] { await page.answer(answer) }
        #expect(try await stored(id).witnesses.map(\.name) == ["Joe Witness"])

        await page.open(part: 5)
        page.askPolice()
        await page.answer("n")
        // The police did not come: no report number or station asked.
        #expect(page.question.value == nil)
        #expect(try await stored(id).police == (try PoliceAttendance(attended: false)))
        page.askPolice()
        for answer in ["y", "2026/123", "Budapest XI"] { await page.answer(answer) }
        #expect(try await stored(id).police?.reportNumber == "2026/123")
        #expect(page.state.value.completeness == "Accident statement: 2 of 12 parts")
    }

    @Test("A witness or the police half entered when input ends are kept with what was typed, or said to be dropped")
    func halfAnsweredGroupsAreKeptWhenInputEnds() async throws {
        let (page, id) = try await page()
        await page.open(part: 4)
        #expect(await page.keepHalfAnswered() == nil)
        page.addWitness()
        await page.answer("Joe Witness")
        await page.answer("1 High St")
        await page.answer("not a number")
        #expect(await page.keepHalfAnswered() == .info("The witness being added was kept with what was typed so far: Joe Witness, 1 High St."))
        #expect(page.question.value == nil)
        #expect(try await stored(id).witnesses.map(\.description) == ["Joe Witness, 1 High St"])

        page.addWitness()
        await page.answer("")
        await page.answer("2 Low St")
        #expect(await page.keepHalfAnswered()?.text == "The witness being added had neither a name nor a phone number yet, so it was not kept.")
        #expect(try await stored(id).witnesses.count == 1)
        // Nothing typed yet: nothing to keep or say.
        page.addWitness()
        #expect(await page.keepHalfAnswered() == nil)

        await page.open(part: 5)
        page.askPolice()
        await page.answer("y")
        await page.answer("2026/123")
        #expect(await page.keepHalfAnswered() == .info("The police details being entered were kept with what was typed so far: came, report 2026/123."))
        #expect(try await stored(id).police == (try PoliceAttendance(attended: true, reportNumber: "2026/123")))
    }

    /// Ctrl-C with "Bumper cracked" on the line at "Visible damage": kept as if Enter had been pressed, and said.
    @Test("What was on the line when the app stops is kept as the answer asked for, or refused with the reason")
    func theLineBeingTypedIsKeptWhenTheAppStops() async throws {
        let (page, id) = try await page()
        let damage = VehicleField.allCases.firstIndex(of: .visibleDamage)! + 1
        let plate = VehicleField.allCases.firstIndex(of: .plate)! + 1
        await page.open(.vehicle(.b))
        page.ask(fieldNumbers: [damage])
        #expect(await page.keepHalfAnswered(typed: "Bumper cracked") == .info("What was being typed for B: Visible damage was kept: “Bumper cracked”."))
        #expect(try await stored(id).vehicleB[.visibleDamage] == "Bumper cracked")
        #expect(page.question.value == nil)

        // A value the field refuses is not stored, and the driver is told why.
        page.ask(fieldNumbers: [plate])
        let refused = await page.keepHalfAnswered(typed: "M")
        #expect(refused?.kind == .error)
        #expect(refused?.text.hasPrefix("What was being typed for B: Registration plate, “M”, was not kept:") == true, "\(String(describing: refused))")
        #expect(try await stored(id).vehicleB[.plate] == nil)

        // A lone "-" is not an answer until Enter: the damage stays.
        page.ask(fieldNumbers: [damage])
        #expect(await page.keepHalfAnswered(typed: "-") == nil)
        #expect(try await stored(id).vehicleB[.visibleDamage] == "Bumper cracked")

        // A witness's phone on the line completes the witness.
        await page.open(part: 4)
        page.addWitness()
        await page.answer("Joe Witness")
        await page.answer("")
        let keptWitness = await page.keepHalfAnswered(typed: "+44 7400 123456")
        #expect(keptWitness == .info("The witness being added was kept with what was typed so far: Joe Witness, +447400123456."), "\(String(describing: keptWitness))")
        #expect(try await stored(id).witnesses.map(\.description) == ["Joe Witness, +447400123456"])
    }

    /// A phone typed as the driver says it (`0151 …`) is read in the column's country: walking every field asks the
    /// country before the phone, and a phone asked alone before any country says where the country is given.
    @Test func theCountryIsAskedBeforeThePhone() async throws {
        let (page, id) = try await page()
        await page.open(.vehicle(.b))
        page.askEveryField()
        for answer in ["Bea Other", "Main St 1"] { await page.answer(answer) }
        #expect(page.question.value?.label == "B: Country of registration")
        await page.answer("D")
        #expect(page.question.value?.label == "B: Policyholder's phone")
        #expect(try await stored(id).vehicleB[.plateCountry] == "DE")
        // (A national number read in the country is shown end to end, where the phone-number library judges it.)
        await page.answer("+49 151 23456789")
        #expect(page.question.value?.label == "B: Policyholder's e-mail", "\(String(describing: page.message.value))")
        await page.answer(".")

        let (alone, _) = try await self.page()
        await alone.open(.vehicle(.b))
        alone.ask(fieldNumbers: [3])
        await alone.answer("0151 23456789")
        #expect(alone.message.value?.text == "Not kept: Give the number with + and its country code, e.g. +36 30 123 4567. "
            + "Or give the country of registration first (field 7): a number without + is then read in that country.")
    }

    @Test func withoutAServerNoLinkIsOffered() async throws {
        let (page, _) = try await page()
        #expect(!page.state.value.options.contains { $0.key == "s" })
        await page.makeLink()
        #expect(page.message.value?.text.contains("need a server") == true)
    }

    @Test func anotherVehiclesStatementHasItsOwnLink() async throws {
        let links = RecordingStatementLinks()
        var report = try await kit.startedReport()
        let parties = try CrashParties.sample()
        try report.changeParties { list throws(PartyError) in list = parties }
        report = try await kit.repository.save(report)
        let pair = StatementPair.vehicle(CrashParties.vehicleC)
        let page = kit.wiring(statementLinks: links).makeStatementPage(report, pair: pair)
        #expect(page.state.value.options.contains { $0.key == "s" })
        await page.makeLink()
        let asked = await links.asked
        #expect(asked.count == 1 && asked.first?.report == report.id && asked.first?.pair == pair)
        #expect(page.link.value?.url == "https://claims.example.com/s/\(pair)")
        #expect(page.message.value?.text.contains("Show the other driver this code") == true)
        // B's page makes B's.
        await kit.wiring(statementLinks: links).makeStatementPage(report).makeLink()
        #expect(await links.asked.last?.pair == .b)
    }
}
