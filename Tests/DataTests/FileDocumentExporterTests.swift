import Data
import Domain
import Foundation
import Testing

@Suite("Writing a shared report to a file")
struct FileDocumentExporterTests {
    let exporter = FileDocumentExporter()
    let document = RenderedReport(format: .plainText, bytes: Data("CRASH REPORT CR-1\n".utf8))

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writesTheWholeDocumentReadableByTheOwnerOnly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report with spaces.txt").path

        let written = try exporter.export(document, to: path, replacing: false)

        #expect(written == path)
        #expect(FileManager.default.contents(atPath: path) == document.bytes)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report with spaces.txt"])
    }

    @Test func existingFileIsKeptUnlessReplacingIsAllowed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report.txt").path
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))

        #expect(throws: ShareError.destinationExists(path)) { try exporter.export(document, to: path, replacing: false) }
        #expect(FileManager.default.contents(atPath: path) == Data("theirs".utf8))

        _ = try exporter.export(document, to: path, replacing: true)
        #expect(FileManager.default.contents(atPath: path) == document.bytes)
    }

    @Test func folderAsDestinationIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: ShareError.self) { try exporter.export(document, to: folder.path, replacing: true) }
        #expect(error == .destinationIsDirectory(folder.path))
    }

    @Test func missingFolderIsNamed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)/r.txt").path
        #expect(throws: ShareError.folderMissing(path)) { try exporter.export(document, to: path, replacing: false) }
    }

    @Test func unwritablePlaceIsReportedWithTheReason() throws {
        let error = #expect(throws: ShareError.self) { try exporter.export(document, to: "/proc/crash-report.txt", replacing: false) }
        guard case let .notWritable(path, reason)? = error else {
            Issue.record("expected .notWritable, got \(String(describing: error))")
            return
        }
        #expect(path == "/proc/crash-report.txt")
        #expect(!reason.isEmpty)
    }
}
