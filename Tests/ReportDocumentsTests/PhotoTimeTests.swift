import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport

/// A photo's time reads as its clock showed it, at the offset it had then, in the text and in the PDF: the camera's
/// own offset where the file gives one, else the driver's zone at that instant (summer time for a summer photo), never
/// the offset the report was started in.
@Suite("Photo times as their clocks showed them", .ownThreads)
struct PhotoTimeTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    private func collapsed(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test func theTextAndThePDFSayEachPhotosOwnClockTime() async throws {
        let store = InMemoryPhotoStore()
        // Started in November in Berlin: the report's own offset is +01:00.
        var report = CrashReport.stub(crashID: .stub("CR-CLOCK234"))
        try report.setScene(CrashScene(occurredAt: referenceDate, utcOffsetMinutes: 60))
        // A summer photo with no zone in it (read as Berlin then: +02:00), and one whose camera wrote +09:00.
        for (index, name) in ["street-summer-no-zone-48x36.jpg", "scene-offsettime-48x36.jpg"].enumerated() {
            let bytes = try Fixtures.bytes(name)
            let info = try ImageInspector.inspect(bytes, fileName: name)
            let metadata = PhotoMetadataReader.read(bytes, timeZone: Self.berlin)
            try report.addPhoto(Photo(
                section: .crashScene, contentHash: await store.put(bytes), mediaType: info.mediaType, byteCount: bytes.count,
                pixelSize: info.pixelSize, originalFileName: name, addedAt: referenceDate.addingTimeInterval(Double(index)),
                takenAt: metadata.takenAt, takenWhere: metadata.takenWhere, orientation: metadata.orientation,
                takenUTCOffsetMinutes: metadata.takenUTCOffsetSeconds.map { $0 / 60 }
            ))
        }
        let text = collapsed(TextReportRenderer(timeZone: Self.berlin).text(for: report))
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let pdf = try await PDFReportRenderer(photoStore: store, timeZone: Self.berlin).render(report)
        let pdfText = collapsed(try tools.text(try tools.write(pdf.bytes)))
        for document in [text, pdfText] {
            #expect(document.contains("Taken 22 Oct 2008, 16:28 (UTC+02:00)"), "\(document)")
            #expect(document.contains("Taken 21 Nov 2026, 16:28 (UTC+09:00)"), "\(document)")
            #expect(!document.contains("15:28 (UTC+01:00)") && !document.contains("08:28 (UTC+01:00)"))
        }
    }
}
