import CSQLite
import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

/// Damaged, foreign and newer databases, and folders that cannot be made: refused with a clear message,
/// the right exit code, and the file left exactly as it was.
@Suite("Storage faults")
struct StorageFaultTests {
    /// Writes a real database holding `count` full reports and closes it.
    static func makeRealDatabase(at path: String, reports count: Int) throws {
        let repository = try SQLiteReportRepository(path: path)
        for _ in 0..<count {
            try repository.save(try ReportRepositoryConformanceTests.fullReport())
        }
    }

    static func setUserVersion(_ version: Int, of path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw FakeFailure("cannot open \(path)") }
        defer { sqlite3_close(handle) }
        guard sqlite3_exec(handle, "PRAGMA user_version = \(version)", nil, nil, nil) == SQLITE_OK else {
            throw FakeFailure("cannot set user_version")
        }
    }

    /// Opening `path` is refused as `kind`, naming the file (and, when given, with a cause containing `phrase`),
    /// and the file is left as it was.
    static func expectRefusal(
        of path: String,
        as kind: StorageFailure.Kind,
        causeSaying phrase: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            _ = try SQLiteReportRepository(path: path)
            Issue.record("the database was opened", sourceLocation: sourceLocation)
        } catch {
            let failure = error.storageFailure
            #expect(failure.kind == kind, "\(error)", sourceLocation: sourceLocation)
            #expect(failure.path == path, sourceLocation: sourceLocation)
            if let phrase {
                #expect(failure.cause.contains(phrase), "\(error)", sourceLocation: sourceLocation)
            }
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(after == before, "the refused file was changed", sourceLocation: sourceLocation)
    }

    // MARK: - Damaged and foreign files

    @Test func programsOpeningANewDatabaseAtTheSameMomentAllSucceed() async throws {
        for round in 0..<10 {
            let directory = TemporaryDirectory()
            let path = directory.file("reports-\(round).sqlite")
            let opened = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<6 {
                    group.addTask { (try? SQLiteReportRepository(path: path)) != nil }
                }
                return await group.reduce(into: 0) { count, succeeded in count += succeeded ? 1 : 0 }
            }
            #expect(opened == 6, "only \(opened) of 6 opened in round \(round)")
        }
    }

    @Test func aFileOfRandomBytesIsRefusedAndLeftUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try noise.write(to: URL(fileURLWithPath: path))
        try Self.expectRefusal(of: path, as: .notADatabase)
    }

    @Test(arguments: [0.5, 0.37])
    func aTruncatedDatabaseIsRefusedAndLeftUntouched(keeping fraction: Double) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        try Self.makeRealDatabase(at: path, reports: 60)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(whole.count > 8 * 4096)
        try whole.prefix(Int(Double(whole.count) * fraction)).write(to: URL(fileURLWithPath: path))
        try Self.expectRefusal(of: path, as: .notADatabase, causeSaying: "cut short")
    }

    @Test func aFileShorterThanAnyDatabaseIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: path))
        try Self.expectRefusal(of: path, as: .notADatabase, causeSaying: "shorter than any database")
    }

    @Test func aDatabaseOfANewerVersionIsRefusedAndLeftUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        try Self.makeRealDatabase(at: path, reports: 2)
        let supported = try SQLiteReportRepository(path: path).database.schemaVersion
        try Self.setUserVersion(99, of: path)
        try Self.expectRefusal(of: path, as: .newerLayout(found: 99, supported: supported))
    }

    @Test func aDatabaseOfAnotherProgramIsRefusedAndLeftUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("other.sqlite")
        var handle: OpaquePointer?
        #expect(sqlite3_open(path, &handle) == SQLITE_OK)
        #expect(sqlite3_exec(handle, "CREATE TABLE accounts (name TEXT)", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        try Self.expectRefusal(of: path, as: .foreignDatabase)
    }

    @Test func aDatabaseReopensWithEverythingInIt() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        let stored = try SQLiteReportRepository(path: path).save(try ReportRepositoryConformanceTests.fullReport())
        let reopened = try SQLiteReportRepository(path: path)
        #expect(try reopened.report(withID: stored.id) == stored)
        #expect(try reopened.database.storedSchemaVersion() == reopened.database.schemaVersion)
    }

    @Test func theDatabaseFileIsReadableByItsOwnerOnly() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        _ = try SQLiteReportRepository(path: path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    // MARK: - Folders

    @Test func aDataFolderBehindARegularFileIsReportedNotCrashedOn() throws {
        let directory = TemporaryDirectory()
        let blocker = directory.file("blocker")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocker))
        let location = DatabaseLocation(databaseFile: blocker + "/data/reports.sqlite")
        #expect {
            _ = try LocalStorage.open(at: location)
        } throws: { error in
            guard let error = error as? StorageError else { return false }
            let failure = error.storageFailure
            return failure.kind == .folderNotCreatable && failure.path.contains(blocker + "/data")
                && failure.cause.contains("is a file, not a folder")
        }
    }

    @Test func aDataFolderThatCannotBeMadeIsReportedNotCrashedOn() throws {
        let location = DatabaseLocation(databaseFile: "/proc/crash-assistant-\(UUID().uuidString)/reports.sqlite")
        #expect {
            _ = try LocalStorage.open(at: location)
        } throws: { error in
            guard let error = error as? StorageError else { return false }
            let failure = error.storageFailure
            return [.folderNotCreatable, .folderNotWritable].contains(failure.kind)
                && failure.path.contains(location.dataDirectory)
        }
    }

    @Test func aDatabasePathThatIsAFolderIsRefused() throws {
        let directory = TemporaryDirectory()
        #expect {
            _ = try LocalStorage.open(at: DatabaseLocation(databaseFile: directory.path))
        } throws: { error in
            (error as? StorageError)?.storageFailure.kind == .notADatabase
        }
    }

    // MARK: - Two users at once

    @Test func twoConnectionsWritingAtOnceBothSucceed() async throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        let first = try SQLiteReportRepository(path: path)
        let second = try SQLiteReportRepository(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for repository in [first, second] {
                group.addTask {
                    for index in 0..<100 {
                        try repository.save(.stub(photos: [.stub(contentHash: .stub(Character(String(index % 10))))]))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try first.summaries(limit: nil, offset: 0).count == 200)
        #expect(try second.summaries(limit: nil, offset: 0).count == 200)
        #expect(try first.database.integrityCheck() == ["ok"])
    }

    @Test func anUpToDateDatabaseOpensWhileAnotherProgramHoldsTheWriteLock() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        let stored = try SQLiteReportRepository(path: path).save(.stub(note: "kept"))
        var other: OpaquePointer?
        #expect(sqlite3_open(path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)

        // Opening reads; it waits for no writer (a 50 ms wait for the lock would fail here).
        let reopened = try SQLiteReportRepository(path: path, busyTimeout: .milliseconds(50))
        #expect(try reopened.report(withID: stored.id) == stored)
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
    }

    @Test func aNewerVersionStillOnlyInTheLogIsRefused() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        try Self.makeRealDatabase(at: path, reports: 1)
        let supported = try SQLiteReportRepository(path: path).database.schemaVersion
        // Another program set a newer layout version and still has it in its write-ahead log: the file's own header
        // still records the old one.
        var other: OpaquePointer?
        #expect(sqlite3_open(path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "PRAGMA wal_autocheckpoint = 0; PRAGMA user_version = 99", nil, nil, nil) == SQLITE_OK)
        var log = stat()
        #expect(stat(path + "-wal", &log) == 0 && log.st_size > 0)
        try Self.expectRefusal(of: path, as: .newerLayout(found: 99, supported: supported))
    }

    @Test func aWriteBlockedTooLongByAnotherProgramSaysSoAndWhatToDo() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        let repository = try SQLiteReportRepository(path: path, busyTimeout: .milliseconds(50))
        var other: OpaquePointer?
        #expect(sqlite3_open(path, &other) == SQLITE_OK)
        defer { sqlite3_close(other) }
        #expect(sqlite3_exec(other, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK)

        #expect {
            try repository.save(.stub())
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.storageFailure.kind == .busy && error.storageFailure.path == path
        }
        sqlite3_exec(other, "ROLLBACK", nil, nil, nil)
        try repository.save(.stub())
        #expect(try repository.summaries(limit: nil, offset: 0).count == 1)
    }

    @Test func aStoredReportBreakingARuleIsRefusedNamingTheField() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        let stored = try SQLiteReportRepository(path: path).save(.stub(note: "short"))
        // Another program writes a note longer than any report may hold.
        var handle: OpaquePointer?
        #expect(sqlite3_open(path, &handle) == SQLITE_OK)
        #expect(sqlite3_exec(handle, "UPDATE reports SET note = printf('%.*c', 2001, 'x')", nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)

        let reopened = try SQLiteReportRepository(path: path)
        #expect {
            _ = try reopened.report(withID: stored.id)
        } throws: { error in
            guard case let .damagedRecord(_, reason) = error as? StorageError else { return false }
            return reason.contains("otherDriverNote")
        }
    }

    @Test func reportsStoredBeforeTheListKeptTheShownSceneGetItWhenTheDatabaseOpens() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("reports.sqlite")
        let scenePhoto = Photo(
            section: .crashScene, contentHash: .stub("7"), mediaType: .jpeg, byteCount: 10,
            pixelSize: PixelSize(width: 2, height: 2), originalFileName: "scene.jpg", addedAt: referenceDate,
            takenAt: referenceDate.addingTimeInterval(-900), takenWhere: try Coordinate(latitude: 45.4642, longitude: 9.19)
        )
        let stored = try SQLiteReportRepository(path: path).save(.stub(photos: [scenePhoto]))
        // As a row written by an earlier version, before the list kept the scene the report shows.
        var handle: OpaquePointer?
        #expect(sqlite3_open(path, &handle) == SQLITE_OK)
        #expect(sqlite3_exec(handle, """
            UPDATE reports SET shown_occurred_at = NULL, shown_latitude = NULL, shown_longitude = NULL, shown_address = NULL
            """, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
        #expect(try SQLiteReportRepository(database: SQLiteDatabase(path: path, migrations: SQLiteReportRepository.migrations))
            .summaries(limit: nil, offset: 0).first?.occurredAt == referenceDate)

        let reopened = try SQLiteReportRepository(path: path)

        #expect(try reopened.summaries(limit: nil, offset: 0).first?.scene == stored.effectiveScene.scene)
        // The check every opening makes reads the index of such reports, which is empty now, not every report.
        let plan = try reopened.database.read { connection in
            let query = try connection.statement("EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM reports WHERE shown_occurred_at IS NULL)")
            defer { query.reset() }
            var details: [String] = []
            while try query.step() { details.append(query.string(3)) }
            return details
        }
        #expect(plan.contains { $0.contains("INDEX reports_without_shown_scene") }, "the plan: \(plan)")
    }
}
