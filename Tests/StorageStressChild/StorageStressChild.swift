import Data
import Domain
import Foundation
import Storage

/// Adds photos, writes notes, saves and discards drafts in a loop until it is killed, printing one line after
/// each action returns (`report ID`, `photo ID HASH`, `note ID REVISION`, `draft ID`, `discarding ID`).
/// The storage crash tests kill it at random moments and check that every printed action survived, and that
/// each has its outbox record (the child's store records changes, as one with a server configured does).
///
/// The n-th photo of every run has the same bytes (made from `SEED + n`), so a run re-adds photos an earlier,
/// killed run was writing: a photo left half-written would then be found and reused.
///
/// Usage: `StorageStressChild DATABASE-FILE JPEG-FILE [SEED]`
@main
struct StorageStressChild {
    static func main() async {
        let arguments = CommandLine.arguments
        guard (3...4).contains(arguments.count), let jpeg = FileManager.default.contents(atPath: arguments[2]) else {
            FileHandle.standardError.write(Data("usage: StorageStressChild DATABASE-FILE JPEG-FILE [SEED]\n".utf8))
            exit(64)
        }
        let seed = arguments.count == 4 ? UInt64(arguments[3]) ?? 0 : 0
        do {
            try await run(database: arguments[1], jpeg: jpeg, seed: seed)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(database: String, jpeg: Data, seed: UInt64) async throws {
        let storage = try LocalStorage.open(at: DatabaseLocation(databaseFile: database), recordsChanges: true)
        let repository = CachedReportRepository(local: storage.repository)
        let photoStore = storage.photoStore
        let clock = SystemClock()
        let start = StartReport(repository: repository, issuer: RandomCrashIDIssuer(), clock: clock)
        let addImage = AddImage(repository: repository, photoStore: photoStore, clock: clock)
        let setNote = SetNote(repository: repository, clock: clock)
        let saveDraft = SaveDraft(repository: repository, clock: clock)
        let discard = DiscardReport(repository: repository, photoStore: photoStore)
        var generator = SystemRandomNumberGenerator()
        var photoNumber = seed

        while true {
            let report = try await start.execute()
            say("report \(report.id)")
            for index in 0..<ReportLimits.maximumPhotosPerSection {
                photoNumber += 1
                let bytes = distinct(jpeg, seed: photoNumber)
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

    /// The JPEG with comment segments of bytes made from `seed` after its start marker: 1–200 kB more,
    /// the same for the same seed, different for different seeds.
    static func distinct(_ jpeg: Data, seed: UInt64) -> Data {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        var bytes = Data(jpeg.prefix(2))
        var remaining = 1_000 + Int(next() % 199_000)
        while remaining > 0 {
            let payload = min(remaining, 65_000)
            bytes.append(contentsOf: [0xFF, 0xFE, UInt8((payload + 2) >> 8), UInt8((payload + 2) & 0xFF)])
            var chunk = [UInt8](repeating: 0, count: payload)
            for index in stride(from: 0, to: payload, by: 8) {
                withUnsafeBytes(of: next()) { word in
                    for offset in 0..<min(8, payload - index) { chunk[index + offset] = word[offset] }
                }
            }
            bytes.append(contentsOf: chunk)
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
