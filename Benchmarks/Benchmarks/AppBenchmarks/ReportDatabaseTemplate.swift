import Data
import Domain
import Foundation

/// A data folder holding 10,000 reports, made once per machine into a temporary folder (never committed) and copied
/// for each benchmark, so every benchmark starts from the same store and may change its copy.
///
/// The reports: 40 % drafts, 60 % completed; every fourth holds three photos (their bytes in `photos/`), every
/// third a note, every second an address; each a different injury choice.
enum ReportDatabaseTemplate {
    static let reportCount = 10_000
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("crash-assistant-benchmark-reports-v1")
    static var databaseFile: String { folder.appendingPathComponent(DatabaseLocation.defaultFileName).path }

    /// Whether the report made at `index` (0 is the oldest) is a draft.
    static func isDraft(index: Int) -> Bool { index % 5 < 2 }

    /// Makes the template when it is missing (in a side folder renamed into place, so a run cut short leaves none).
    static func prepare() throws {
        if FileManager.default.fileExists(atPath: databaseFile) { return }
        let partial = FileManager.default.temporaryDirectory
            .appendingPathComponent("crash-assistant-benchmark-reports-\(UUID().uuidString).partial")
        try fill(DatabaseLocation(databaseFile: partial.appendingPathComponent(DatabaseLocation.defaultFileName).path))
        do {
            try FileManager.default.moveItem(at: partial, to: folder)
        } catch {
            // Another benchmark process made it meanwhile.
            try? FileManager.default.removeItem(at: partial)
            guard FileManager.default.fileExists(atPath: databaseFile) else { throw error }
        }
    }

    /// A fresh copy of the template in a new temporary folder; returns its database file.
    static func copy() throws -> String {
        try prepare()
        let target = FileManager.default.temporaryDirectory
            .appendingPathComponent("crash-assistant-benchmark-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: folder, to: target)
        return target.appendingPathComponent(DatabaseLocation.defaultFileName).path
    }

    /// Removes a copy made by ``copy()``.
    static func remove(copy databaseFile: String) {
        try? FileManager.default.removeItem(atPath: (databaseFile as NSString).deletingLastPathComponent)
    }

    // MARK: - Filling

    /// Stores the reports; the connection is closed on return, so the database is one file without a journal.
    private static func fill(_ location: DatabaseLocation) throws {
        let storage = try LocalStorage.open(at: location)
        var photos: [(bytes: Data, hash: ContentHash, info: ImageInfo)] = []
        for name in BenchmarkPhotos.storedFixtureNames {
            let bytes = try BenchmarkPhotos.fixture(name)
            photos.append((bytes, try storage.photoStore.put(bytes), try ImageInspector.inspect(bytes, fileName: name)))
        }
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let sections = PhotoSection.allCases
        var generator = SystemRandomNumberGenerator()
        for index in 0..<reportCount {
            let createdAt = start.addingTimeInterval(Double(index) * 600)
            var report = CrashReport(crashID: .local(using: &generator), createdAt: createdAt)
            try report.toggleInjury(Injury.allCases[index % Injury.allCases.count])
            if index % 2 == 0 {
                try report.setScene(CrashScene(
                    occurredAt: createdAt.addingTimeInterval(-900),
                    coordinate: try Coordinate(latitude: 47.4979, longitude: 19.0402),
                    address: "Andrássy út \(index % 120 + 1), Budapest"
                ))
            }
            if index % 3 == 0 {
                try report.setNote("The other driver (report \(index)) said the light was green; two witnesses saw it red.")
            }
            if index % 4 == 0 {
                for (number, photo) in photos.enumerated() {
                    try report.addPhoto(Photo(
                        section: sections[(index + number) % sections.count], contentHash: photo.hash,
                        mediaType: photo.info.mediaType, byteCount: photo.bytes.count, pixelSize: photo.info.pixelSize,
                        originalFileName: "IMG_\(index)_\(number).jpg", addedAt: createdAt.addingTimeInterval(Double(number))
                    ))
                }
            }
            if !isDraft(index: index) {
                try report.complete(at: createdAt.addingTimeInterval(1_800))
            }
            try storage.repository.save(report)
        }
    }
}
