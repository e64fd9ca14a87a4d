import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport
import Wording

/// The accident statement drawn as the printed form: one page first, its boxes numbered as on paper, both vehicles'
/// ticks and counts, the points of impact, the sketch photo in box 13; text too long for its box given whole after it.
@Suite("The statement as the printed form", .ownThreads)
struct StatementFormPageTests {
    static let at = Date(timeIntervalSince1970: 1_795_000_000)

    private func report(otherDamage: String = "Lamp post bent") async throws -> (CrashReport, InMemoryPhotoStore) {
        let store = InMemoryPhotoStore()
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"))
        var statement = try AccidentStatement.full()
        try statement.setOtherPropertyDamage(otherDamage)
        try report.setStatement(statement)
        let bytes = try Fixtures.bytes("photo-quadrants-o6-80x60.jpg")
        let info = try ImageInspector.inspect(bytes, fileName: "sketch.jpg")
        try report.addPhoto(Photo(
            section: .sketch, contentHash: await store.put(bytes), mediaType: info.mediaType, byteCount: bytes.count,
            pixelSize: info.pixelSize, originalFileName: "sketch.jpg", addedAt: Self.at, orientation: .up
        ))
        try report.complete(at: Self.at.addingTimeInterval(60))
        return (report, store)
    }

    @Test(arguments: ["en", "de", "pl"])
    func theFormIsThePDFsFirstPage(_ language: String) async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let words = Languages.shipped.words(language)
        let (report, store) = try await report()
        let document = try await PDFReportRenderer(photoStore: store, timeZone: TimeZone(identifier: "UTC")).writing(in: words).render(report)
        let path = try tools.write(document.bytes)
        let first = try tools.run("pdftotext", ["-f", "1", "-l", "1", "-enc", "UTF-8", path, "-"])
        let flowing = first.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.hasPrefix(words("European Accident Statement")), "\(flowing)")
        // Boxes 1–15 by their numbers, the 17 circumstances, and both counts, on the one page.
        let numbered = { (number: String, title: String) in words("{number}. {title}", context: "a numbered box of the form", ["number": number, "title": title]) }
        for (number, title) in [("1", "Date and time"), ("6", "Policyholder"), ("10", "Point of initial impact"), ("11", "Visible damage"),
                                ("12", "Circumstances"), ("13", "Sketch of the crash"), ("14", "Remarks"), ("15", "Signatures")] {
            #expect(flowing.contains(numbered(number, words(title))), "box \(number)")
        }
        for circumstance in Circumstance.allCases {
            let start = StatementWords(words).circumstance(circumstance).split(separator: " ").prefix(2).joined(separator: " ")
            #expect(flowing.contains("\(circumstance.number). \(start)"), "circumstance \(circumstance.number)")
        }
        #expect(flowing.contains(words("Boxes ticked")))
        // The sketch is drawn on the form's page (and again with the photos).
        #expect(try tools.images(path).contains { $0.page == 1 && $0.width == 80 })
        #expect(try tools.notdefGlyphs(path) == 0)
        // Looked at: the page as a PNG beside the PDF.
        #expect(try tools.renderPage(path, page: 1, to: tools.folder.appendingPathComponent("form-\(language)").path) > 0)
    }

    @Test func textTooLongForItsBoxIsGivenWholeAfterTheForm() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        // Box 4 across the top holds three lines: 500 characters do not fit it.
        let long = String((1...40).map { "Item \($0): a fence, a bench and a lamp post were hit." }.joined(separator: " ").prefix(500))
        let (report, store) = try await report(otherDamage: long)
        let document = try await PDFReportRenderer(photoStore: store, timeZone: TimeZone(identifier: "UTC")).render(report)
        let path = try tools.write(document.bytes)
        let first = try tools.run("pdftotext", ["-f", "1", "-l", "1", "-enc", "UTF-8", path, "-"])
        #expect(first.contains("…"))
        let all = try tools.text(path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let afterForm = try #require(all.range(of: "Continued from the form")).upperBound
        #expect(all[afterForm...].contains(long.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
    }
}
