import Data
import Domain
import Foundation
import Testing
import TestSupport

@Suite("Finding a report")
struct FindReportTests {
    let report = CrashReport.stub(crashID: .stub("CR-FYND2345"))

    var find: FindReport { FindReport(repository: InMemoryReportRepository([report])) }

    @Test func aReportIsFoundByItsReportIDInEitherLetterCase() async throws {
        #expect(try await find.execute(report.id.description) == report)
        #expect(try await find.execute(report.id.description.uppercased()) == report)
    }

    @Test func aReportIsFoundByItsCrashID() async throws {
        #expect(try await find.execute(" CR-FYND2345 ") == report)
    }

    @Test func anUnknownReportIDOrCrashIDSaysWhichWasNotFound() async throws {
        let unknown = ReportID()
        await #expect(throws: ReportError.notFound(unknown)) { try await find.execute(unknown.description) }
        await #expect(throws: ReportError.crashIDNotFound(.stub("CR-NQNE2345"))) { try await find.execute("CR-NQNE2345") }
    }

    @Test func textThatIsNeitherIsRefusedAsInput() async throws {
        await #expect(throws: InputError.self) { try await find.execute("not/an id") }
        await #expect(throws: InputError.self) { try await find.execute("") }
    }
}
