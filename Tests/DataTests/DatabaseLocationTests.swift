import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

@Suite("Where data lives")
struct DatabaseLocationTests {
    let environment = [
        "CRASH_ASSISTANT_DATABASE": "/env/reports.sqlite",
        "XDG_DATA_HOME": "/xdg",
        "HOME": "/home/driver",
    ]

    @Test func theDatabaseOptionWinsOverEverythingElse() throws {
        let location = try DatabaseLocation.resolve(option: "/given/my.sqlite", environment: environment)
        #expect(location.databaseFile == "/given/my.sqlite")
    }

    @Test func theEnvironmentVariableWinsOverTheDefaultFolders() throws {
        let location = try DatabaseLocation.resolve(option: nil, environment: environment)
        #expect(location.databaseFile == "/env/reports.sqlite")
    }

    @Test func anAbsoluteXDGDataHomeHoldsTheDefaultDatabase() throws {
        var environment = environment
        environment["CRASH_ASSISTANT_DATABASE"] = nil
        let location = try DatabaseLocation.resolve(option: nil, environment: environment)
        #expect(location.databaseFile == "/xdg/crash-assistant/reports.sqlite")
    }

    @Test func aRelativeXDGDataHomeIsIgnoredForTheHomeFolder() throws {
        let location = try DatabaseLocation.resolve(option: "", environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/driver"])
        #expect(location.databaseFile == "/home/driver/.local/share/crash-assistant/reports.sqlite")
    }

    @Test func withoutAnyPlaceTheErrorSaysHowToGiveOne() throws {
        #expect(throws: StorageError.noDataLocation) {
            try DatabaseLocation.resolve(option: nil, environment: [:])
        }
        #expect(StorageError.noDataLocation.storageFailure.kind == .noLocation)
    }

    @Test func aRelativeDatabaseFileIsTakenFromTheCurrentFolder() throws {
        let location = try DatabaseLocation.resolve(option: "data/../r.sqlite", environment: [:], currentDirectory: "/work")
        #expect(location.databaseFile == "/work/r.sqlite")
    }

    @Test func photosAndDocumentsLiveNextToTheDatabase() {
        let location = DatabaseLocation(databaseFile: "/data/crash/reports.sqlite")
        #expect(location.dataDirectory == "/data/crash")
        #expect(location.photosDirectory == "/data/crash/photos")
        #expect(location.documentsDirectory == "/data/crash/documents")
    }

    @Test func openingCreatesTheFoldersReadableByTheOwnerOnly() throws {
        let directory = TemporaryDirectory()
        let location = DatabaseLocation(databaseFile: directory.file("a/b/reports.sqlite"))
        let storage = try LocalStorage.open(at: location)
        let documents = try storage.documentsDirectory()
        for folder in [location.dataDirectory, location.photosDirectory, documents] {
            let permissions = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
            #expect(permissions == 0o700, "\(folder)")
        }
        #expect(FileManager.default.fileExists(atPath: location.databaseFile))
    }

    @Test func openingByTheEnvironmentVariableStoresThere() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("env/reports.sqlite")
        let storage = try LocalStorage.open(databaseOption: nil, environment: ["CRASH_ASSISTANT_DATABASE": file])
        try storage.repository.save(.stub())
        #expect(storage.location.databaseFile == file)
        #expect(try SQLiteReportRepository(path: file).summaries(limit: nil, offset: 0).count == 1)
    }
}
