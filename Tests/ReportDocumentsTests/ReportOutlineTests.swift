import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport
import Wording

@Suite("One outline of the report, drawn as text and as a PDF", .ownThreads)
struct ReportOutlineTests {
    let timeZone = TimeZone(identifier: "Europe/Budapest") ?? .current
    var dates: DateText { DateText(timeZone: timeZone) }

    /// A completed report with an injury, a photo of the other driver's plate and a crash-scene photo carrying
    /// its own time and place (so the scene says which photo it came from), and a note.
    /// 2026-11-21 17:52 UTC, ten minutes after the EXIF fixture was taken.
    static let addedAt = Date(timeIntervalSince1970: 1_795_283_530)

    func completedReport(store: InMemoryPhotoStore) async throws -> CrashReport {
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"), injuries: [.otherDriver])
        for (index, entry) in [("photo-64x48.jpg", PhotoSection.otherVehiclePlate), ("photo-exif-120x90.jpg", .crashScene)].enumerated() {
            let bytes = try Fixtures.bytes(entry.0)
            let info = try ImageInspector.inspect(bytes, fileName: entry.0)
            let metadata = PhotoMetadataReader.read(bytes)
            try report.addPhoto(Photo(
                section: entry.1, contentHash: await store.put(bytes), mediaType: info.mediaType,
                byteCount: bytes.count, pixelSize: info.pixelSize, originalFileName: entry.0,
                // Added on 21 Nov, after the EXIF photo was taken (a photo is never taken after it is added).
                addedAt: Self.addedAt.addingTimeInterval(Double(index)),
                takenAt: metadata.takenAt, takenWhere: metadata.takenWhere, orientation: metadata.orientation
            ))
        }
        try report.setNote("The other driver, Antonín Dvořák, said he was sorry.")
        try report.setStatement(.full())
        try report.complete(at: Self.addedAt.addingTimeInterval(3_600))
        return report
    }

    /// What each block says, as the text rendering and the PDF should both contain it.
    func phrases(of outline: ReportOutline) -> [(text: String, pdf: String)] {
        phrases(of: outline.blocks)
    }

    func phrases(of blocks: [ReportBlock]) -> [(text: String, pdf: String)] {
        blocks.flatMap { block -> [(text: String, pdf: String)] in
            switch block {
            case let .title(title, identifier): [(title.uppercased(), title), (identifier.text, identifier.text)]
            case let .fields(fields): fields.map { ($0.text, $0.text) }
            case let .heading(title): [(title.uppercased(), title)]
            case let .subheading(title), let .paragraph(title): [(title, title)]
            case let .list(items): items.map { ($0, $0) }
            case let .photo(entry): [(entry.description, entry.caption)]
            case .rule: []
            case let .closing(text): [(text, text)]
            // Cells are wrapped in their columns, so their words are looked for one by one.
            case let .table(table):
                (table.header + table.rows.flatMap { $0 }).flatMap { $0.split(whereSeparator: \.isWhitespace) }.map { (String($0), String($0)) }
            case .impactDrawing, .pageBreak: []
            // The form's boxes break fields and sentences where the text reads them whole: their words are looked for.
            // (Its ticked boxes are drawn, not written.)
            case let .statementForm(form):
                form.linear.flatMap { block -> [String] in
                    switch block {
                    case let .fields(fields): fields.flatMap { [$0.label, $0.value] }
                    case let .table(table): (table.header + table.rows.flatMap { $0 }).filter { $0 != "☐" && $0 != "☒" }
                    default: phrases(of: [block]).map(\.pdf)
                    }
                }.flatMap { $0.split(whereSeparator: \.isWhitespace) }.map { (String($0), String($0)) }
            }
        }
    }

    /// Line breaks and runs of spaces made by wrapping and aligning count as one space.
    func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func textAndPDFSayEveryPhraseOfTheOutline() async throws {
        let store = InMemoryPhotoStore()
        var report = try await completedReport(store: store)
        // The insurer's claim number and message, once acknowledged, are among them.
        try report.recordAcknowledgement(ClaimAcknowledgement(
            claimNumber: "2026-04417", message: "We will call you today.", acknowledgedAt: Self.addedAt.addingTimeInterval(7_200), handler: "hana"
        ))
        let outline = ReportOutline(report, dates: dates)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let pdf = try await PDFReportRenderer(photoStore: store, timeZone: timeZone).render(report)
        let file = try tools.write(pdf.bytes)
        let pdfText = collapsed(try tools.text(file))
        let text = collapsed(TextReportRenderer(timeZone: timeZone).text(for: report))

        let phrases = phrases(of: outline)
        #expect(phrases.count >= 15)
        #expect(phrases.contains { $0.pdf.contains("Insurer's claim") && $0.pdf.contains("2026-04417") })
        #expect(phrases.contains { $0.pdf.contains("We will call you today.") })
        for phrase in phrases {
            #expect(text.contains(collapsed(phrase.text)), "text lacks \(phrase.text)")
            #expect(pdfText.contains(collapsed(phrase.pdf)), "PDF lacks \(phrase.pdf)")
        }
        // The closing line ends the text; in the PDF it is every page's footer, and not said once more.
        #expect(text.hasSuffix(collapsed(outline.footer)))
        let pages = try #require(try tools.pageCount(file))
        #expect(pdfText.components(separatedBy: collapsed(outline.footer)).count - 1 == pages)
    }

    @Test func draftTextAndPDFSayEveryPhraseOfTheOutline() async throws {
        let report = CrashReport.stub(crashID: .stub("CR-DRAFT234"))
        let outline = ReportOutline(report, dates: dates)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let pdf = try await PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: timeZone).render(report)
        let pdfText = collapsed(try tools.text(try tools.write(pdf.bytes)))
        let text = collapsed(TextReportRenderer(timeZone: timeZone).text(for: report))

        for phrase in phrases(of: outline) {
            #expect(text.contains(collapsed(phrase.text)), "text lacks \(phrase.text)")
            #expect(pdfText.contains(collapsed(phrase.pdf)), "PDF lacks \(phrase.pdf)")
        }
        #expect(outline.footer == "Preview of draft CR-DRAFT234; create the crash report to complete it.")
    }

    @Test func outlineFollowsTheOrderAnInsurerReads() throws {
        let report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"), injuries: [.myself])
        let headings = ReportOutline(report, dates: dates).blocks.compactMap { block -> String? in
            if case let .heading(title) = block { return title }
            return nil
        }
        #expect(headings == [
            "When and where", StatementWords.english.category(.injuries),
            StatementWords.english.category(.otherDriver), StatementWords.english.category(.yourInfo),
        ])
    }

    @Test func sceneTakenFromAPhotoSaysWhichPhotoInBothFields() async throws {
        let report = try await completedReport(store: InMemoryPhotoStore())
        let fields = ReportOutline(report, dates: dates).blocks.flatMap { block -> [ReportField] in
            if case let .fields(fields) = block { return fields }
            return []
        }
        let when = try #require(fields.first { $0.label == "When" })
        let place = try #require(fields.first { $0.label == "Where" })
        #expect(when.value.hasSuffix("(from photo photo-exif-120x90.jpg)"))
        #expect(place.value.hasSuffix("(from photo photo-exif-120x90.jpg)"))
    }
}
