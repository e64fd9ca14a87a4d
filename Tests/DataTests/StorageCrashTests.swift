import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

/// The storage survives being killed at any moment: a child process adds photos and saves drafts in a loop,
/// printing a line after each action returns, and is killed with SIGKILL again and again.
@Suite("Storage under SIGKILL", .ownThreads)
struct StorageCrashTests {
    /// The child, built next to the test bundle.
    static let child: URL = {
        let candidate = Bundle.main.bundleURL.appendingPathComponent("StorageStressChild")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/StorageStressChild")
    }()

    /// What the children said they finished.
    struct Journal {
        var photos: [(report: String, hash: String)] = []
        var notes: [(report: String, revision: Int)] = []
        var reports: Set<String> = []
        var discarding: Set<String> = []

        mutating func read(_ output: Data) {
            // Only whole lines: a line cut short by the kill was not reported.
            guard let text = String(data: output, encoding: .utf8) else {
                Issue.record("A child printed \(output.count) bytes that are not UTF-8 text")
                return
            }
            var lines = text.components(separatedBy: "\n")
            lines.removeLast()
            for line in lines {
                let words = line.split(separator: " ").map(String.init)
                switch (words.first, words.count) {
                case ("report", 2), ("draft", 2): reports.insert(words[1])
                case ("photo", 3): photos.append((words[1], words[2]))
                case ("note", 3): notes.append((words[1], Int(words[2]) ?? 0))
                case ("discarding", 2): discarding.insert(words[1])
                default: break
                }
            }
        }
    }

    /// Starts children on the database, kills each after a random moment, and returns what they reported.
    /// Each child makes its photos from its own seed; runs of one child re-add the same photos in the same order.
    static func runAndKill(database: String, children: Int, lifetime: ClosedRange<Int>) async throws -> Journal {
        let processes = try (0..<children).map { index in
            let process = Process()
            process.executableURL = child
            process.arguments = [database, Fixtures.url("photo-64x48.jpg").path, String(index * 1_000_000)]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (process, output)
        }
        try await Task.sleep(for: .milliseconds(Int.random(in: lifetime)))
        var journal = Journal()
        for (process, output) in processes {
            kill(process.processIdentifier, SIGKILL)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the child ended by itself: \(process.terminationStatus)")
            journal.read(data)
        }
        return journal
    }

    /// Checks the database and photos after the kills against what the children reported.
    static func verify(_ journal: Journal, database: String) async throws {
        let storage = try LocalStorage.open(at: DatabaseLocation(databaseFile: database))
        #expect(try storage.repository.database.integrityCheck() == ["ok"])

        for reportID in journal.reports.subtracting(journal.discarding) {
            let id = try #require(ReportID(uuidString: reportID))
            #expect(try storage.repository.report(withID: id) != nil, "report \(reportID) was lost")
        }
        for (reportID, hash) in journal.photos where !journal.discarding.contains(reportID) {
            let id = try #require(ReportID(uuidString: reportID))
            let report = try storage.repository.report(withID: id)
            #expect(report?.allPhotos.contains { $0.contentHash.hex == hash } == true, "photo \(hash) was lost")
        }
        for (reportID, revision) in journal.notes where !journal.discarding.contains(reportID) {
            let id = try #require(ReportID(uuidString: reportID))
            #expect((try storage.repository.report(withID: id)?.revision ?? -1) >= revision)
        }

        // Every change reported done has its outbox record: each report as stored now (or its deletion), and an
        // upload for each photo. Nothing is ever acknowledged here, so every record is still waiting.
        let pending = try storage.outbox.pending(limit: Int.max).map(\.item)
        for reportID in journal.reports.union(journal.discarding) {
            let id = try #require(ReportID(uuidString: reportID))
            if let report = try storage.repository.report(withID: id) {
                #expect(pending.contains(.report(report)), "report \(reportID) at revision \(report.revision) has no record")
            } else {
                #expect(pending.contains(.deletion(id)), "the deletion of \(reportID) has no record")
            }
        }
        for (_, hash) in journal.photos {
            let contentHash = try ContentHash(hex: hash)
            #expect(pending.contains(.photo(contentHash)), "photo \(hash) has no upload record")
            #expect(storage.photoStore.contains(contentHash), "photo \(hash) waiting for upload was removed")
        }

        // Every photo a stored report refers to is wholly on disk: its bytes hash to its name.
        for row in try storage.repository.summaries(limit: nil, offset: 0) {
            let report = try #require(try storage.repository.report(withID: row.id))
            for photo in report.allPhotos {
                let bytes = try storage.photoStore.bytes(for: photo.contentHash)
                #expect(ContentHash.sha256(of: bytes) == photo.contentHash)
                #expect(bytes.count == photo.byteCount)
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: storage.location.photosDirectory)
            .filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files were not cleaned: \(leftovers)")
    }

    @Test func nothingReportedDoneIsLostWhenKilledFiftyTimes() async throws {
        let directory = TemporaryDirectory("crash")
        let database = directory.file("data/reports.sqlite")
        var journal = Journal()
        // Fifty kills, and more while too few actions finished to prove anything (a loaded machine starts the child
        // slowly, so a kill may come before its first action): at most 200.
        var kills = 0
        while kills < 50 || (journal.photos.count <= 20 && kills < 200) {
            kills += 1
            let run = try await Self.runAndKill(database: database, children: 1, lifetime: 40...260)
            journal.photos += run.photos
            journal.notes += run.notes
            journal.reports.formUnion(run.reports)
            journal.discarding.formUnion(run.discarding)
        }
        #expect(journal.photos.count > 20, "too few actions finished to prove anything")
        try await Self.verify(journal, database: database)
    }

    @Test func twoProcessesWritingAtOnceLoseNothing() async throws {
        let directory = TemporaryDirectory("crash")
        let database = directory.file("reports.sqlite")
        let journal = try await Self.runAndKill(database: database, children: 2, lifetime: 1_500...1_500)
        #expect(journal.reports.count >= 2)
        try await Self.verify(journal, database: database)
    }
}
