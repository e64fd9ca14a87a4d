import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport

@Suite("Keeping report documents in a folder")
struct FileDocumentArchiveTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("archive-tests-\(UUID().uuidString)").path
    let report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"), completedAt: referenceDate)

    func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: root)
    }

    @Test func keptDocumentIsOwnerOnlyInAnOwnerOnlyFolderNamedAfterTheCrashID() async throws {
        defer { cleanUp() }
        let archive: any DocumentArchive = FileDocumentArchive(directory: root + "/documents")

        let path = try await archive.keep(RenderedReport(format: .pdf, bytes: Data("%PDF-1.5 one".utf8)), of: report)

        #expect(path == root + "/documents/crash-report-CR-7KQ2M9XD.pdf")
        #expect(path.hasPrefix("/"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("%PDF-1.5 one".utf8))
        #expect(try permissions(path) == 0o600)
        #expect(try permissions(root + "/documents") == 0o700)
    }

    @Test func keepingAgainReplacesTheDocumentAndLeavesNothingElse() async throws {
        defer { cleanUp() }
        let archive: any DocumentArchive = FileDocumentArchive(directory: root)
        _ = try await archive.keep(RenderedReport(format: .pdf, bytes: Data("first".utf8)), of: report)

        let path = try await archive.keep(RenderedReport(format: .pdf, bytes: Data("second".utf8)), of: report)

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["crash-report-CR-7KQ2M9XD.pdf"])
        #expect(try permissions(path) == 0o600)
    }

    @Test func locationIsThePathOnlyWhileTheDocumentExists() async throws {
        defer { cleanUp() }
        let archive: any DocumentArchive = FileDocumentArchive(directory: root)
        #expect(try await archive.location(of: report, format: .pdf) == nil)

        let path = try await archive.keep(RenderedReport(format: .pdf, bytes: Data("pdf".utf8)), of: report)
        #expect(try await archive.location(of: report, format: .pdf) == path)
        #expect(try await archive.location(of: report, format: .plainText) == nil)

        try FileManager.default.removeItem(atPath: path)
        #expect(try await archive.location(of: report, format: .pdf) == nil)
    }

    @Test func folderThatIsAFileIsReportedAsNotWritable() async throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/taken", contents: Data()))
        let archive: any DocumentArchive = FileDocumentArchive(directory: root + "/taken")

        await #expect(throws: ShareError.notWritable(root + "/taken", reason: "it is a file, not a folder")) {
            try await archive.keep(RenderedReport(format: .pdf, bytes: Data("pdf".utf8)), of: report)
        }
    }

    @Test func createdReportKeepsItsPDFInTheFolder() async throws {
        defer { cleanUp() }
        let kit = UseCaseKit()
        let draft = try await kit.startedReport()
        _ = try await kit.toggleInjury.execute(reportID: draft.id, injury: .noOne)
        let archive: any DocumentArchive = FileDocumentArchive(directory: root)
        let create = CreateReport(
            repository: kit.repository, renderer: PDFReportRenderer(photoStore: kit.photoStore), archive: archive, clock: kit.clock)

        let created = try await create.execute(reportID: draft.id)

        #expect(created.location == root + "/crash-report-\(created.report.crashID).pdf")
        #expect(try Data(contentsOf: URL(fileURLWithPath: created.location)).starts(with: Data("%PDF-".utf8)))
        let viewed = try await ViewReport(
            repository: kit.repository, textRenderer: TextReportRenderer(), archive: archive).execute(reportID: draft.id)
        #expect(viewed.documentLocation == created.location)
    }
}
