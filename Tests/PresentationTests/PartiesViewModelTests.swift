import Composition
import Domain
import Presentation
import Testing
import TestSupport

/// "Other parties": the kind asked first, then its fields one at a time, each answer stored as soon as it makes a
/// party; change and remove by number; refusals said and asked again; what was being typed kept when the app stops.
@MainActor
@Suite("Other parties page")
struct PartiesViewModelTests {
    let kit = UseCaseKit()

    private func page() async throws -> (PartiesViewModel, ReportID) {
        let report = try await kit.startedReport()
        return (kit.wiring().makePartiesPage(report), report.id)
    }

    private func stored(_ id: ReportID) async throws -> [Party] {
        try #require(try await kit.repository.report(withID: id)).parties.all
    }

    @Test func aCyclistIsAddedKindFirstAndStoredAsEachAnswerIsGiven() async throws {
        let (page, id) = try await page()
        #expect(page.state.value.emptyNote != nil)
        page.add()
        #expect(page.question.value?.label == "What kind of party?")
        await page.answer("9")
        #expect(page.message.value?.text == "Not kept: Type the number of the kind, from 1 to 5.")
        await page.answer("1")
        #expect(page.question.value?.label == "Name" && page.question.value?.step == "2 of 6")
        await page.answer("Eva Kovács")
        // Stored at once: a cyclist needs nothing more.
        #expect(try await stored(id).map(\.kind) == [.cyclist(try RoadUser(name: "Eva Kovács"))])
        await page.answer("call me")
        #expect(page.question.value?.label == "Phone")
        #expect(page.message.value?.text.hasPrefix("Not kept: ") == true)
        await page.answer("+36 30 765 4321")
        await page.answer("")
        await page.answer("Allianz")
        await page.answer("maybe")
        #expect(page.question.value?.label == "Injured?")
        await page.answer("y")
        #expect(page.question.value == nil)
        let cyclist = try #require(try await stored(id).first)
        #expect(cyclist.kind == .cyclist(try RoadUser(name: "Eva Kovács", phone: "+36307654321", liabilityInsurer: "Allianz", injured: true)))
        #expect(page.message.value?.text == "Kept: Cyclist, Eva Kovács, +36307654321, insured with Allianz, injured.")
        #expect(page.state.value.rows.map(\.role) == ["Cyclist"])
    }

    @Test func propertyIsNamedByWhatItIsAndAVehicleThatLeftByWhatWasSeen() async throws {
        let (page, id) = try await page()
        page.add()
        await page.answer("3")
        await page.answer("")
        // Nothing kept: property is named by what it is.
        #expect(page.question.value?.label == "What it is")
        #expect(try await stored(id).isEmpty)
        await page.answer("lamp post")
        await page.answer(".")
        page.add()
        await page.answer("4")
        await page.answer("AB<1")
        #expect(page.message.value?.text == "Not kept: A plate holds letters, digits, spaces, dashes and ? for a character not read, not “<”.")
        await page.answer(".")
        // Nothing seen of it: not a party.
        #expect(page.message.value?.text == "The party was not kept: Say at least what it is, or for a vehicle that left, its plate, colour, make or direction.")
        #expect(try await stored(id).map(\.kind.role) == [.property])
    }

    @Test func aPartyIsChangedAndRemovedByItsNumber() async throws {
        let (page, id) = try await page()
        page.add()
        await page.answer("2")
        await page.answer("Jan")
        await page.answer(".")
        page.change(number: 2)
        #expect(page.message.value?.text == "There is no party 2. Type a number from 1 to 1.")
        page.change(number: 1)
        #expect(page.question.value?.label == "Name" && page.question.value?.current == "Jan")
        await page.answer("Jan Nowak")
        await page.answer(".")
        #expect(try await stored(id).map(\.kind) == [.pedestrian(try RoadUser(name: "Jan Nowak"))])
        await page.remove(number: 1)
        #expect(try await stored(id).isEmpty)
        #expect(page.message.value?.text == "Removed: Pedestrian.")
    }

    @Test func whatWasBeingTypedIsKeptWhenTheAppStops() async throws {
        let (page, id) = try await page()
        page.add()
        await page.answer("3")
        let message = await page.keepHalfAnswered(typed: "garden fence")
        #expect(message?.text == "The party being entered was kept with what was typed so far: garden fence.")
        #expect(try await stored(id).map(\.kind) == [.property(try DamagedProperty(what: "garden fence"))])
        page.add()
        await page.answer("4")
        let nothing = await page.keepHalfAnswered(typed: "")
        #expect(nothing?.text == "The party being added was not kept: nothing that makes one was typed yet.")
        #expect(try await stored(id).count == 1)
    }

    @Test func aCyclistIsAPersonOnWhoWasInjured() async throws {
        let (page, id) = try await page()
        page.add()
        await page.answer("1")
        await page.answer("Eva Kovács")
        await page.answer(".")
        let report = try #require(try await kit.repository.report(withID: id))
        let injuries = kit.wiring().makeInjuryPage(report)
        #expect(injuries.state.value.rows.map(\.title).last == "Cyclist: Eva Kovács")
        #expect(injuries.state.value.rows.map(\.number) == Array(1...7))
        await injuries.toggle(numbers: [5, 7])
        #expect(injuries.state.value.rows.filter(\.isSelected).map(\.number) == [7])
        #expect(try await stored(id).first?.kind.injured == true)
        await injuries.toggle(numbers: [8])
        #expect(injuries.message.value?.text == "There is no option 8. Type numbers from 1 to 7, e.g. 1 3.")
    }

    @Test func aVehicleThatLeftKeepsSomethingSeen() async throws {
        let (page, id) = try await page()
        page.add()
        await page.answer("4")
        await page.answer("")
        await page.answer("red")
        await page.answer(".")
        page.change(number: 1)
        await page.answer("")
        #expect(page.question.value?.label == "Colour")
        // Clearing the one thing seen is refused, and asked again.
        await page.answer("-")
        #expect(page.question.value?.label == "Colour")
        #expect(page.message.value?.text == "Not kept: Say at least what it is, or for a vehicle that left, its plate, colour, make or direction.")
        await page.answer(".")
        #expect(try await stored(id).map(\.kind) == [.leftTheScene(try VehicleSeen(colour: "red"))])
    }

    @Test("Another motor vehicle is added with its own statement, which opens at once; done there, the page is back; change n opens it again")
    func aThirdVehicleHasItsOwnStatement() async throws {
        let (page, id) = try await page()
        page.add()
        await page.answer("5")
        #expect(page.question.value == nil)
        let vehicle = try #require(try await stored(id).first)
        let statement = try #require(page.statementPage.value)
        #expect(statement.pair == .vehicle(vehicle.id))
        #expect(statement.state.value.title == "Accident statement with party 1")
        // Its column B is that vehicle; what is typed there goes to its statement, not B's.
        await statement.open(part: 2)
        statement.ask(fieldNumbers: [6])
        await statement.answer("C-DE 345")
        let report = try #require(try await kit.repository.report(withID: id))
        #expect(report.statement(.vehicle(vehicle.id))?.vehicleB[.plate] == "C-DE 345")
        #expect(report.statement.vehicleB.isEmpty)
        // Signed on this device, for its statement alone.
        statement.done()
        statement.sign(.a)
        await statement.answer("Anna Driver")
        let signed = try #require(try await kit.repository.report(withID: id))
        guard case .holds = signed.signatureState(of: .a, in: .vehicle(vehicle.id)) else { Issue.record("not signed"); return }
        #expect(signed.signatureState(of: .a) == .unsigned)
        // Its statement is not discarded there: the vehicle is removed on the parties page.
        statement.close()
        #expect(statement.message.value?.text == "To discard this statement, remove the vehicle on the Other parties page.")
        statement.done()
        #expect(page.statementPage.value == nil)
        #expect(page.state.value.rows.first?.summary == "C-DE 345")
        page.change(number: 1)
        #expect(page.statementPage.value?.pair == .vehicle(vehicle.id))
    }

    @Test("Before the report is created, a vehicle's statement not signed by both, or declined, is said by the party's number")
    func createSaysEachUnsignedStatement() throws {
        var report = CrashReport.stub()
        let c = PartyID(), d = PartyID()
        var withC = AccidentStatement.empty
        try withC.vehicleB.set(.plate, to: "C-DE 345")
        try report.changeParties { parties throws(PartyError) in
            try parties.add(.cyclist(try RoadUser(name: "Eva")))
            try parties.add(.motorVehicle(withC), id: c)
            try parties.add(.motorVehicle(withC), id: d)
        }
        try report.declineStatement(in: .vehicle(d), reason: "no", at: referenceDate)
        var warnings = CreateSummary(report, dates: DateText(), words: .english).warnings
        #expect(warnings.contains("The statement with party 2 is not signed by both drivers: sign it on its page (Other parties, change 2) first, or create the report without."))
        #expect(warnings.contains("Party 3 did not agree to their statement with you; the report says so."))
        try report.signStatement(.a, in: .vehicle(c), name: "Anna", verification: .driversDevice(account: nil), at: referenceDate)
        try report.signStatement(.b, in: .vehicle(c), name: "Carl", verification: .sameDevice, at: referenceDate)
        warnings = CreateSummary(report, dates: DateText(), words: .english).warnings
        #expect(!warnings.contains { $0.contains("party 2") })
    }

    @Test("touched n: which vehicles besides yours another motor vehicle touched, by B and party numbers; read from both sides; refused for a cyclist")
    func touchedIsSaidByNumbers() async throws {
        var report = try await kit.startedReport()
        var parties = try CrashParties.sample()
        let vehicleD = PartyID()
        try parties.add(.motorVehicle(.empty), id: vehicleD)
        let all = parties
        try report.changeParties { list throws(PartyError) in list = all }
        report = try await kit.repository.save(report)
        let page = kit.wiring().makePartiesPage(report)
        // C is party 3, D party 5.
        await page.touched(number: 3, vehicles: "B 5")
        #expect(page.message.value?.text == "Kept: party 3 touched vehicle B, party 5.")
        let stored = try #require(try await kit.repository.report(withID: report.id))
        #expect(stored.parties[CrashParties.vehicleC]?.touched == [.b, .vehicle(vehicleD)])
        #expect(page.state.value.rows[4].summary == "touched party 3")
        await page.touched(number: 1, vehicles: "B")
        #expect(page.message.value?.text.contains("Only another motor vehicle touches vehicles") == true, "\(String(describing: page.message.value))")
        await page.touched(number: 3, vehicles: "B lamp")
        #expect(page.message.value?.text == "“lamp” is neither B nor a party's number: type e.g. touched 2 B 3.")
        await page.touched(number: 3, vehicles: "-")
        #expect(page.message.value?.text == "Kept: party 3 touched no vehicle but yours.")
        #expect(try await kit.repository.report(withID: report.id)?.parties[CrashParties.vehicleC]?.touched == [])
    }
}
