import Composition
import Domain
import Presentation
import Testing
import TestSupport

@MainActor
@Suite("Crash report")
struct CrashReportViewModelTests {
    let kit = UseCaseKit()

    private func createdReport() async throws -> CrashReportViewModel {
        let report = try await kit.startedReport()
        _ = try await kit.toggleInjury.execute(reportID: report.id, injury: .myself)
        let created = try await kit.create.execute(reportID: report.id)
        return kit.wiring().makeCrashReport(report.id, report.crashID, documentLocation: created.location)
    }

    @Test func viewShowsTheReportTextAndWhereTheDocumentIs() async throws {
        let screen = try await createdReport()
        await screen.view()
        let document = try #require(screen.document.value)
        #expect(document.text == "report CR-AAAA2222 completed")
        #expect(document.locationLine == "Document: memory:crash-report-CR-AAAA2222.txt")
    }

    @Test func shareAsksWhereWithTheDefaultFileName() async throws {
        let screen = try await createdReport()
        screen.share()
        #expect(screen.prompt.value == .destination(defaultPath: "./crash-report-CR-AAAA2222.txt"))
    }

    @Test func anEmptyAnswerWritesToTheDefaultFile() async throws {
        let screen = try await createdReport()
        screen.share()
        await screen.answer("")
        #expect(await kit.exporter.documents.keys.sorted() == ["./crash-report-CR-AAAA2222.txt"])
        #expect(screen.prompt.value == nil)
        #expect(screen.message.value == .info("Crash report written to ./crash-report-CR-AAAA2222.txt"))
    }

    @Test func aNameWithoutAnExtensionGetsTheDocumentsAndTheMessageSaysSo() async throws {
        let screen = try await createdReport()
        screen.share()
        await screen.answer("reports/report one")
        #expect(await kit.exporter.documents.keys.sorted() == ["reports/report one.txt"])
        #expect(screen.message.value == .info(
            "Saved as report one.txt: the name had no extension, so .txt was added. Crash report written to reports/report one.txt"
        ))
    }

    @Test func anExistingFileIsReplacedOnlyAfterYes() async throws {
        let screen = try await createdReport()
        screen.share()
        await screen.answer("out.txt")
        screen.share()
        await screen.answer("out.txt")
        #expect(screen.prompt.value == .replace(path: "out.txt"))
        await screen.answer("maybe")
        #expect(screen.prompt.value == .replace(path: "out.txt"))
        await screen.answer("y")
        #expect(screen.prompt.value == nil)
        #expect(screen.message.value == .info("Crash report written to out.txt"))
    }

    @Test func noKeepsTheExistingFile() async throws {
        let screen = try await createdReport()
        screen.share()
        await screen.answer("out.txt")
        screen.share()
        await screen.answer("out.txt")
        await screen.answer("n")
        #expect(screen.prompt.value == nil)
        #expect(screen.message.value?.text.contains("was left as it was") == true)
    }

    @Test func backTellsTheParent() async throws {
        let screen = try await createdReport()
        var finished = 0
        screen.didFinish = { finished += 1 }
        screen.back()
        #expect(finished == 1)
    }
}
