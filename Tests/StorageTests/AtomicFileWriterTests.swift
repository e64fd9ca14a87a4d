@testable import Storage
import Foundation
import Testing
import TestSupport

/// The one writer behind photos and documents, with unnamed files and with the named fallback.
@Suite("Writing a file whole or not at all")
struct AtomicFileWriterTests {
    let bytes = Data("the whole file".utf8)

    func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test(arguments: [true, false])
    func aStagedFileIsPlacedOwnerOnlyAndNothingElseRemains(unnamed: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("photo")

        let file = try AtomicFileWriter.stage(bytes, inFolder: directory.path, unnamed: unnamed)
        let outcome = try file.place(at: path, .createOnly)

        #expect(outcome == .placed)
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(try permissions(path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["photo"])
    }

    @Test(arguments: [true, false])
    func placingCreateOnlyKeepsTheFileAlreadyThere(unnamed: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("report.txt")
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))

        let outcome = try AtomicFileWriter.stage(bytes, inFolder: directory.path, unnamed: unnamed).place(at: path, .createOnly)

        #expect(outcome == .alreadyThere)
        #expect(FileManager.default.contents(atPath: path) == Data("theirs".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.txt"])
    }

    @Test(arguments: [true, false])
    func placingWithReplacingPutsTheNewBytesOverTheOldAndLeavesNothingElse(unnamed: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("report.txt")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))

        let outcome = try AtomicFileWriter.stage(bytes, inFolder: directory.path, unnamed: unnamed).place(at: path, .replacing)

        #expect(outcome == .placed)
        #expect(FileManager.default.contents(atPath: path) == bytes)
        #expect(try permissions(path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.txt"])
    }

    @Test(arguments: [true, false])
    func aStagedFileDroppedWithoutAPlaceLeavesNothing(unnamed: Bool) throws {
        let directory = TemporaryDirectory()

        do {
            let file = try AtomicFileWriter.stage(bytes, inFolder: directory.path, unnamed: unnamed)
            #expect((file.name == nil) == unnamed)
        }

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aNamedTemporaryFileIsKeptWhileItsWriterLivesAndRemovedAfter() throws {
        let directory = TemporaryDirectory()
        var file: StagedFile? = try AtomicFileWriter.stage(bytes, inFolder: directory.path, unnamed: false)
        let name = try #require(file?.name)

        AtomicFileWriter.removeLeftovers(in: directory.path)
        #expect(FileManager.default.fileExists(atPath: name))

        // A writer killed mid-way leaves its file without the lock.
        try Data("half".utf8).write(to: URL(fileURLWithPath: directory.file(".incoming-crashed")))
        AtomicFileWriter.removeLeftovers(in: directory.path)
        #expect(!FileManager.default.fileExists(atPath: directory.file(".incoming-crashed")))
        #expect(FileManager.default.fileExists(atPath: name))

        file = nil
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aFolderThatCannotTakeFilesIsReportedWithTheOperationPathAndReason() throws {
        let missing = TemporaryDirectory().file("gone")

        let error = #expect(throws: FileWriteError.self) { try AtomicFileWriter.write(bytes, to: missing + "/file", .createOnly) }

        #expect(error?.operation == "create")
        #expect(error?.path.hasPrefix(missing) == true)
        #expect(error?.reason == String(cString: strerror(ENOENT)))
    }
}
