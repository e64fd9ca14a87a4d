import Composition
import Domain
import Presentation
import Testing
import TestSupport
import Wording

/// The statement's questions take answers in the driver's language: yes and no in its words, points of impact by
/// their names in it (short or in words, in any order), and the hints say so; English, y/n and numbers still go.
@MainActor
@Suite("Statement answers in the driver's language")
struct StatementAnswersInLanguageTests {
    let kit = UseCaseKit()

    private func page(_ language: String) async throws -> (StatementViewModel, ReportID, Words) {
        let words = Languages.shipped.words(language)
        let report = try await kit.startedReport()
        return (Wiring(kit.adapters(photoFiles: NoPhotoFiles()), words: words).makeStatementPage(report), report.id, words)
    }

    private func stored(_ id: ReportID) async throws -> AccidentStatement {
        try #require(try await kit.repository.report(withID: id)).statement
    }

    /// The numbers the page asks fields by (1 is the first of ``VehicleField``).
    private func number(_ field: VehicleField) -> Int { VehicleField.allCases.firstIndex(of: field)! + 1 }

    @Test(arguments: [
        ("de", "ja", "yes"), ("de", "NEIN", "no"), ("de", "j", "yes"), ("pl", "tak", "yes"), ("pl", "nie", "no"),
        ("hu", "igen", "yes"), ("fr", "non", "no"), ("de", "y", "yes"), ("pl", "n", "no"),
    ])
    func yesAndNoInTheLanguage(_ language: String, _ typed: String, _ kept: String) async throws {
        let (page, id, words) = try await page(language)
        await page.open(.vehicle(.a))
        page.ask(fieldNumbers: [number(.ownDamageCovered)])
        #expect(page.question.value?.hint?.contains(words("yes", context: "the answer to a yes/no question")) == true)
        await page.answer(typed)
        #expect(page.question.value == nil, "\(String(describing: page.message.value?.text))")
        #expect(try await stored(id).vehicleA[.ownDamageCovered] == kept)
    }

    @Test func aWordThatIsNeitherIsStillRefused() async throws {
        let (page, id, _) = try await page("de")
        await page.open(.vehicle(.a))
        page.ask(fieldNumbers: [number(.ownDamageCovered)])
        await page.answer("vielleicht")
        #expect(page.question.value != nil)
        #expect(page.message.value?.text.contains("„vielleicht“") == true)
        #expect(try await stored(id).vehicleA[.ownDamageCovered] == nil)
    }

    @Test(arguments: [
        ("de", "hinten", ImpactZone.rear), ("de", "vorne links", .frontLeft), ("de", "links vorne", .frontLeft),
        ("de", "Vorne, linke Ecke", .frontLeft), ("de", "unterboden", .underside), ("pl", "przód", .front),
        ("pl", "tyl prawo", .rearRight), ("pl", "lewy bok", .left), ("fr", "arrière-gauche", .rearLeft), ("hu", "bal első", .frontLeft),
        ("es", "trasera", .rear), ("it", "tetto", .roof), ("de", "rear-left", .rearLeft), ("pl", "4", .right),
    ])
    func pointsOfImpactByTheirNamesInTheLanguage(_ language: String, _ typed: String, _ zone: ImpactZone) async throws {
        let (page, id, _) = try await page(language)
        await page.open(.vehicle(.b))
        page.ask(fieldNumbers: [number(.impactPoint)])
        await page.answer(typed)
        #expect(page.question.value == nil, "\(String(describing: page.message.value?.text))")
        #expect(try await stored(id).vehicleB[.impactPoint] == zone.rawValue)
    }

    @Test func theHintAndTheRefusalListTheLanguagesNames() async throws {
        let (page, id, words) = try await page("de")
        await page.open(.vehicle(.b))
        page.ask(fieldNumbers: [number(.impactPoint)])
        let hint = try #require(page.question.value?.hint)
        #expect(hint.contains("1 vorne-links") && hint.contains("6 hinten"), "\(hint)")
        #expect(!hint.contains("front-left"))
        await page.answer("seitlich")
        let refusal = try #require(page.message.value?.text)
        #expect(refusal.contains("vorne-links, hinten"), "\(refusal)")
        #expect(try await stored(id).vehicleB[.impactPoint] == nil)
        #expect(words("yes", context: "the answer to a yes/no question") == "ja")
    }

    @Test func aFileKindIsNamedInTheLanguage() {
        let german = Languages.shipped.words("de")
        let text = ErrorText.sentence(for: PhotoError.unsupportedFormat(fileName: "notiz.jpg", detected: .text), words: german)
        #expect(text.contains("Text-Datei"), "\(text)")
        #expect(!text.contains("text-Datei"))
        let deep = ErrorText.sentence(for: PhotoError.unembeddableJPEG(fileName: "tief.jpg", kind: .bits(12)), words: german)
        #expect(deep.contains("12-Bit"), "\(deep)")
        let english = ErrorText.sentence(for: PhotoError.unsupportedFormat(fileName: "notes.jpg", detected: .videoOrHEIF), words: .english)
        #expect(english.contains("a video or HEIF file"), "\(english)")
    }

    /// A day is written on the screen as the documents write it (`1 Jan 2026`, not `1.1.2026`), in each language.
    @Test(arguments: ["en", "de", "pl"])
    func aDayIsShownAsTheDocumentsWriteIt(_ language: String) async throws {
        let (page, id, words) = try await page(language)
        await page.open(.vehicle(.a))
        page.ask(fieldNumbers: [number(.insuranceValidFrom)])
        await page.answer("1.1.2026")
        let stored = try #require(try await stored(id).vehicleA[.insuranceValidFrom])
        let written = StatementWords(words).value(.insuranceValidFrom, stored)
        #expect(page.state.value.rows.first { $0.title == StatementWords(words).field(.insuranceValidFrom) }?.value == written)
        if language == "en" { #expect(written == "1 Jan 2026") }
        page.ask(fieldNumbers: [number(.insuranceValidFrom)])
        #expect(page.question.value?.current == written)
    }

    /// The other damage's hint ends the way the sentence after it begins: never with a doubled stop.
    @Test(arguments: Languages.shipped.codes)
    func aHintNeverEndsInADoubledStop(_ language: String) async throws {
        let (page, _, words) = try await page(language)
        await page.open(.police)
        page.askOtherDamage()
        let note = StatementQuestion.note(hint: page.question.value?.hint, words: words)
        #expect(!note.contains("..") && !note.contains("…."), "\(note)")
        #expect(StatementQuestion.note(hint: "a fence, a lamp post…", words: .english).hasPrefix("a fence, a lamp post. Enter keeps"))
    }
}
