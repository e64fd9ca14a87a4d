import Data
import Domain
import Foundation
import ReportDocuments
import Testing
import TestSupport

@Suite("The crash report's PDF written into its file", .ownThreads)
struct PDFFileRenderingTests {
    let timeZone = TimeZone(identifier: "Europe/Budapest") ?? .current

    /// A completed report with the fixtures as photos (in one section, in order), their bytes in the store.
    func report(photos names: [String], store: InMemoryPhotoStore) async throws -> CrashReport {
        var report = CrashReport.stub(crashID: .stub("CR-7KQ2M9XD"))
        for (index, name) in names.enumerated() {
            let bytes = try Fixtures.bytes(name)
            let info = try ImageInspector.inspect(bytes, fileName: name)
            try report.addPhoto(Photo(
                section: .crashScene, contentHash: await store.put(bytes), mediaType: info.mediaType,
                byteCount: bytes.count, pixelSize: info.pixelSize, originalFileName: name,
                addedAt: referenceDate.addingTimeInterval(Double(index))
            ))
        }
        return report
    }

    /// A photo source that reads from the store and records what it was asked for, in order.
    final class RecordingPhotoSource: PhotoSource, @unchecked Sendable {
        // Safe: the renderer reads one photo at a time, and the test reads `asked` only after rendering.
        private(set) var asked: [ContentHash] = []
        let store: InMemoryPhotoStore

        init(store: InMemoryPhotoStore) {
            self.store = store
        }

        func bytes(for contentHash: ContentHash) async throws -> Data {
            asked.append(contentHash)
            return try await store.bytes(for: contentHash)
        }
    }

    @Test func theFileHoldsExactlyTheBytesRenderedInMemoryAndPassesQpdf() async throws {
        let store = InMemoryPhotoStore()
        let report = try await report(photos: ["photo-64x48.jpg", "photo-40x30.png", "photo-exif-120x90.jpg"], store: store)
        let renderer = PDFReportRenderer(photoStore: store, timeZone: timeZone)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let path = tools.folder.appendingPathComponent("report.pdf").path

        try await renderer.render(report, toFileAt: path)

        let inMemory = try await renderer.render(report).bytes
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == inMemory)
        #expect(try tools.checkStructure(path).contains("No syntax or stream encoding errors found"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tools.folder.path) == ["report.pdf"])
    }

    @Test func renderingAgainReplacesTheFileWhole() async throws {
        let store = InMemoryPhotoStore()
        let report = try await report(photos: ["photo-64x48.jpg"], store: store)
        let renderer = PDFReportRenderer(photoStore: store, timeZone: timeZone)
        let folder = TemporaryDirectory()
        let path = folder.file("report.pdf")
        try Data("an older document".utf8).write(to: URL(fileURLWithPath: path))

        try await renderer.render(report, toFileAt: path)

        let rendered = try await renderer.render(report).bytes
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == rendered)
    }

    @Test func aPhotoMissingMidRenderThrowsAndLeavesTheFileAtThePathAsItWas() async throws {
        let store = InMemoryPhotoStore()
        var report = try await report(photos: ["photo-64x48.jpg", "photo-40x30.png"], store: store)
        let gone = ContentHash.stub("d")
        try report.addPhoto(.stub(contentHash: gone, fileName: "gone.jpg", addedAt: referenceDate.addingTimeInterval(10)))
        let photos = RecordingPhotoSource(store: store)
        let renderer = PDFReportRenderer(photoSource: photos, timeZone: timeZone)
        let folder = TemporaryDirectory()
        let path = folder.file("report.pdf")
        let earlier = Data("the document rendered before".utf8)
        try earlier.write(to: URL(fileURLWithPath: path))

        await #expect(throws: PhotoError.bytesMissing(gone)) {
            try await renderer.render(report, toFileAt: path)
        }

        // The other photos were drawn (read one at a time) before the missing one was asked for.
        #expect(photos.asked.count == 3)
        #expect(photos.asked.last == gone)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.pdf"])
    }

    @Test func aPhotoMissingLeavesNoFileWhereThereWasNone() async throws {
        var report = CrashReport.stub()
        try report.addPhoto(.stub(contentHash: .stub("e"), fileName: "gone.jpg"))
        let renderer = PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: timeZone)
        let folder = TemporaryDirectory()

        await #expect(throws: PhotoError.bytesMissing(.stub("e"))) {
            try await renderer.render(report, toFileAt: folder.file("report.pdf"))
        }

        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aFolderThatIsNotThereIsReportedAsAFailedWriteNamingThePath() async throws {
        let renderer = PDFReportRenderer(photoStore: InMemoryPhotoStore(), timeZone: timeZone)
        let folder = TemporaryDirectory()
        let path = folder.file("missing/report.pdf")

        let error = await #expect(throws: PDFRenderError.self) {
            try await renderer.render(CrashReport.stub(), toFileAt: path)
        }

        guard case let .drawingFailed(step, reason)? = error else {
            Issue.record("expected drawingFailed, got \(String(describing: error))")
            return
        }
        #expect(step.contains(path))
        #expect(!reason.isEmpty)
    }
}
