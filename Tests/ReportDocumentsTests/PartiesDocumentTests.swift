import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport
import Wording

/// The other parties in the report's documents: after who was injured, each numbered with what it is and every field
/// known, in the report's language — in the outline the text and the handlers' desk read, and in the PDF.
@Suite("Other parties in the documents", .ownThreads)
struct PartiesDocumentTests {
    static func report() throws -> CrashReport {
        var report = CrashReport.stub(crashID: .stub("CR-PARTY234"), injuries: [.myself])
        let sample = try CrashParties.sample()
        try report.changeParties { parties throws(PartyError) in parties = sample }
        try report.complete(at: referenceDate.addingTimeInterval(60))
        return report
    }

    @Test(arguments: ["en", "de", "pl"])
    func eachPartyIsNumberedWithWhatIsKnown(_ language: String) async throws {
        let words = Languages.shipped.words(language)
        let report = try Self.report()
        let outline = ReportOutline(report, dates: DateText(timeZone: TimeZone(identifier: "UTC")!), words: words)
        let headings = outline.blocks.compactMap { block -> String? in if case let .heading(title) = block { title } else { nil } }
        let vocabulary = StatementWords(words)
        #expect(headings.firstIndex(of: vocabulary.category(.otherParties)) == headings.firstIndex(of: vocabulary.category(.injuries)).map { $0 + 1 })
        let partyWords = PartyWords(words)
        let subheadings = outline.blocks.compactMap { block -> String? in if case let .subheading(title) = block { title } else { nil } }
        let numbered = { (number: Int, role: Party.Role) in
            words("{number}. {title}", context: "a numbered party of a crash", ["number": words.number(number), "title": partyWords.role(role)])
        }
        #expect(Array(subheadings.prefix(4)) == [numbered(1, .cyclist), numbered(2, .property), numbered(3, .motorVehicle), numbered(4, .leftTheScene)])
        // The third vehicle's statement with A follows B's, as its own form headed with its number.
        let withC = words("European Accident Statement with party {number}", ["number": words.number(3)])
        #expect(headings.contains(withC))
        let forms = outline.blocks.compactMap { block -> StatementForm? in if case let .statementForm(form) = block { form } else { nil } }
        #expect(forms.map(\.title) == [withC], "only C's: this report has no statement with B")
        #expect(forms.first?.remarks == ["", "I could not stop in time."])

        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let document = try await PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: TimeZone(identifier: "UTC")).writing(in: words).render(report)
        let text = try tools.text(try tools.write(document.bytes)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in [
            numbered(1, .cyclist), "Eva Kovács", "+36307654321", "Allianz", partyWords.field(.insurer),
            numbered(2, .property), "lamp post", "City of Budapest", partyWords.field(.owner),
            numbered(3, .motorVehicle), "Carl Third", "C-DE 345", "Generali", StatementWords(words).field(.insurer),
            numbered(4, .leftTheScene), "B-M? 12", "dark blue", "2026/881", partyWords.field(.direction),
            withC, "I could not stop in time.", "Wanda Witness",
        ] {
            #expect(text.contains(phrase), "\(language): \(phrase)")
        }
    }

    @Test("A pile-up's PDF: B's form on the first page, C's on the second, each with its own column B, then the report")
    func eachStatementIsItsOwnFormPage() async throws {
        var report = CrashReport.stub(crashID: .stub("CR-PILEUP23"))
        try report.setStatement(try .full())
        let sample = try CrashParties.sample()
        try report.changeParties { parties throws(PartyError) in parties = sample }
        try report.complete(at: referenceDate.addingTimeInterval(60))
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let document = try await PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: TimeZone(identifier: "UTC")).render(report)
        let path = try tools.write(document.bytes)
        let pages = try #require(try tools.pageCount(path))
        func page(_ number: Int) throws -> String {
            try tools.text(path, page: number).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let first = try page(1), second = try page(2)
        let plateB = try #require(report.statement.vehicleB[.plate])
        #expect(first.hasPrefix("European Accident Statement ") && first.contains(plateB) && !first.contains("C-DE 345"), "\(first)")
        #expect(second.hasPrefix("European Accident Statement with party 3") && second.contains("C-DE 345") && second.contains("I could not stop in time."), "\(second)")
        let third = try page(3)
        #expect(third.hasPrefix("Crash report"), "\(third)")
        #expect(pages >= 4)
    }

    @Test("Box 3 of each statement names who was hurt as that pair's other driver reads it; the report's own list names each party")
    func boxThreeIsReadFromEachPair() throws {
        var report = CrashReport.stub(crashID: .stub("CR-HURT2345"), injuries: [.otherDriver])
        try report.setStatement(try .full())
        let sample = try CrashParties.sample()
        try report.changeParties { parties throws(PartyError) in parties = sample }
        try report.toggleInjury(of: CrashParties.vehicleC, .driver)
        try report.complete(at: referenceDate.addingTimeInterval(60))
        let outline = ReportOutline(report, dates: DateText(timeZone: TimeZone(identifier: "UTC")!))
        let forms = outline.blocks.compactMap { block -> StatementForm? in if case let .statementForm(form) = block { form } else { nil } }
        let boxThree = forms.map { $0.top.first { $0.label == "3. Injured" }?.value }
        #expect(boxThree == [
            "the other driver, a cyclist, the driver of another vehicle",
            "the driver of another vehicle, a cyclist, the other driver",
        ])
        #expect(!(boxThree.compactMap { $0 }.joined().contains("Eva")), "another party's name is not the other driver's to read")
        let lists = outline.blocks.compactMap { block -> [String]? in if case let .list(items) = block { items } else { nil } }
        #expect(lists.contains(["the driver of vehicle B", "Cyclist: Eva Kovács", "Driver of party 3"]))
        #expect(PartyWords(.english).summary(try #require(report.parties[CrashParties.vehicleC])).hasSuffix(", driver injured"))
    }
}
