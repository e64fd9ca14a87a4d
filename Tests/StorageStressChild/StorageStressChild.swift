import Data
import Domain
import Foundation

/// Adds photos, writes notes, saves and discards drafts in a loop until it is killed, printing one line after
/// each action returns (`report ID`, `photo ID HASH`, `note ID REVISION`, `draft ID`, `discarding ID`).
/// The storage crash tests kill it at random moments and check that every printed action survived.
///
/// Usage: `StorageStressChild DATABASE-FILE JPEG-FILE`
@main
struct StorageStressChild {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let jpeg = FileManager.default.contents(atPath: arguments[2]) else {
            FileHandle.standardError.write(Data("usage: StorageStressChild DATABASE-FILE JPEG-FILE\n".utf8))
            exit(64)
        }
        do {
            try await run(database: arguments[1], jpeg: jpeg)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(database: String, jpeg: Data) async throws {
        let storage = try LocalStorage.open(at: DatabaseLocation(databaseFile: database))
        let repository = CachedReportRepository(local: storage.repository)
        let photoStore = storage.photoStore
        let clock = SystemClock()
        let start = StartReport(repository: repository, issuer: RandomCrashIDIssuer(), clock: clock)
        let addImage = AddImage(repository: repository, photoStore: photoStore, clock: clock)
        let setNote = SetNote(repository: repository, clock: clock)
        let saveDraft = SaveDraft(repository: repository, clock: clock)
        let discard = DiscardReport(repository: repository, photoStore: photoStore)
        var generator = SystemRandomNumberGenerator()

        while true {
            let report = try await start.execute()
            say("report \(report.id)")
            for index in 0..<ReportLimits.maximumPhotosPerSection {
                let bytes = distinct(jpeg, padding: Int.random(in: 1_000...200_000, using: &generator))
                let section = PhotoSection.allCases[index % PhotoSection.allCases.count]
                let stored = try await addImage.execute(reportID: report.id, section: section, bytes: bytes, fileName: "p.jpg")
                say("photo \(report.id) \(ContentHash.sha256(of: bytes).hex)")
                if index % 3 == 0 {
                    let noted = try await setNote.execute(reportID: report.id, note: "note \(stored.revision) ✓ '); --")
                    say("note \(report.id) \(noted.revision)")
                }
                _ = try await saveDraft.execute(reportID: report.id)
                say("draft \(report.id)")
            }
            if Bool.random(using: &generator) {
                say("discarding \(report.id)")
                try await discard.execute(reportID: report.id)
            }
        }
    }

    /// The JPEG with a comment segment of random bytes after its start marker, so every copy has its own hash.
    static func distinct(_ jpeg: Data, padding: Int) -> Data {
        var bytes = Data(jpeg.prefix(2))
        var remaining = padding
        while remaining > 0 {
            let payload = min(remaining, 65_000)
            bytes.append(contentsOf: [0xFF, 0xFE, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)])
            bytes.append(contentsOf: (0..<payload).map { _ in UInt8.random(in: 0...255) })
            remaining -= payload
        }
        bytes.append(jpeg.dropFirst(2))
        return bytes
    }

    /// Writes one line straight to the file descriptor (no buffering), so a printed line means the action is done.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
