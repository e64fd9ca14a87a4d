import Data
import Domain
import Foundation

/// A database of 10,000 reports, a draft with 10 photos, and the same database opened by the C floor.
final class StorageFixture: Sendable {
    static let shared = StorageFixture()

    let directory: URL
    let repository: SQLiteReportRepository
    let floor: SQLiteFloorBox
    /// A draft holding 10 photos, stored.
    let draft: CrashReport
    /// The same kind of draft under another id, for the floor.
    let floorDraft: CrashReport
    /// The same database, recording every change in the outbox (a server configured).
    let recordingRepository: SQLiteReportRepository
    /// A third such draft, stored through ``recordingRepository``.
    let recordedDraft: CrashReport

    private init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("storage-benchmarks-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("reports.sqlite").path
            repository = try SQLiteReportRepository(path: path)
            let start = Date(timeIntervalSince1970: 1_795_000_000)
            var generator = SystemRandomNumberGenerator()
            for index in 0..<10_000 {
                var report = CrashReport(crashID: .local(using: &generator), createdAt: start.addingTimeInterval(Double(index)))
                try report.toggleInjury(.myself)
                try repository.save(report)
            }
            draft = try repository.save(try Self.draftWithTenPhotos(createdAt: start.addingTimeInterval(-1), crashID: "CR-BENCH234"))
            floorDraft = try repository.save(try Self.draftWithTenPhotos(createdAt: start.addingTimeInterval(-2), crashID: "CR-BENCH235"))
            recordingRepository = SQLiteReportRepository(database: repository.database, recordsChanges: true)
            recordedDraft = try recordingRepository.save(try Self.draftWithTenPhotos(createdAt: start.addingTimeInterval(-3), crashID: "CR-BENCH236"))
            floor = SQLiteFloorBox(SQLiteFloor(path: path))
        } catch {
            fatalError("benchmark fixture: \(error)")
        }
    }

    /// The report as `repository` holds it now (earlier runs of a save benchmark have moved its revision on).
    func stored(_ report: CrashReport, in repository: SQLiteReportRepository) throws -> CrashReport {
        guard let current = try repository.report(withID: report.id) else { throw ReportError.notFound(report.id) }
        return current
    }

    /// Each draft has a crash ID of its own: a crash ID names one report of the store.
    static func draftWithTenPhotos(createdAt: Date, crashID: String) throws -> CrashReport {
        var report = CrashReport(crashID: try CrashID(validating: crashID), createdAt: createdAt)
        try report.toggleInjury(.myself)
        try report.setNote("The other driver said the light was green.")
        for index in 0..<10 {
            let digest = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) }
            try report.addPhoto(Photo(
                section: PhotoSection.allCases[index % PhotoSection.allCases.count],
                contentHash: try ContentHash(digest: digest),
                mediaType: .jpeg, byteCount: 4_000_000 + index, pixelSize: PixelSize(width: 4032, height: 3024),
                originalFileName: "IMG_\(1000 + index).jpg", addedAt: createdAt.addingTimeInterval(Double(index)),
                takenAt: createdAt, orientation: .rotatedClockwise
            ))
        }
        return report
    }
}
