import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport
import Wording

/// A right-to-left name in the PDF's sentences stays where the sentence puts it: the date after "signed by <name>,"
/// is read after the name, as it is in every language's sentence (the layout isolates the name).
@Suite("Right-to-left names in the PDF", .ownThreads)
struct PDFRightToLeftTests {
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool { (0x0590...0x08FF).contains(scalar.value) }

    @Test("An Arabic and a Hebrew signer's name: the signing date follows the name on its line, in each of the seven languages",
          arguments: ["محمد العلي", "דוד כהן"])
    func theDateFollowsTheName(_ name: String) async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        var report = CrashReport.stub(crashID: .stub("CR-RTL23456"))
        var statement = AccidentStatement()
        try statement.vehicleA.set(.plate, to: "ABC-123")
        try report.setStatement(statement)
        try report.signStatement(.b, name: name, verification: .sameDevice, at: Date(timeIntervalSince1970: 1_795_000_000))
        for code in Languages.shipped.codes {
            let words = Languages.shipped.words(code)
            let renderer = PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: TimeZone(identifier: "UTC")!).writing(in: words)
            let pdf = try await renderer.render(report)
            let text = try tools.text(try tools.write(pdf.bytes, name: "rtl-\(code).pdf"))
            // The line holding the name (its letters as the reader extracts them, in either order).
            let line = try #require(
                text.split(separator: "\n").first { $0.unicodeScalars.contains(where: Self.isRightToLeft) && $0.contains("2026") },
                "\(code): no line with the name and the year in \(text)"
            )
            let scalars = Array(line.unicodeScalars)
            let lastLetter = try #require(scalars.lastIndex(where: Self.isRightToLeft))
            let year = try #require(line.range(of: "2026")).lowerBound
            let yearOffset = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: year)
            #expect(yearOffset > lastLetter, "\(code): the date stands before the name: \(line)")
        }
    }
}
