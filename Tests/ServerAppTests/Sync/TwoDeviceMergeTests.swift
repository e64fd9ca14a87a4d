import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

/// Two devices of one driver edit one report against the real server, through the fault-injecting proxy (the merged
/// save's answer is lost on the way back): after both have synced, both hold exactly what the server holds, and
/// nothing removed on either side comes back.
@Suite("Two devices merging through the server", .serialized, .ownThreads)
struct TwoDeviceMergeTests {
    /// One edit a device makes.
    enum Edit: Sendable, CustomStringConvertible {
        case add(Int)
        case remove(Int)
        case note(String)

        var description: String {
            switch self {
            case let .add(seed): "add photo \(seed)"
            case let .remove(seed): "remove photo \(seed)"
            case let .note(text): "note “\(text)”"
            }
        }
    }

    struct Scenario: Sendable, CustomStringConvertible {
        let name: String
        /// What both devices agreed on first: photos (by seed) in the crash scene, and the note.
        let photos: [Int]
        let note: String
        /// The tablet's edits (sent first), then the phone's (made later, merged when sent).
        let tablet: [Edit]
        let phone: [Edit]
        let expectedPhotos: Set<Int>
        let expectedNote: String
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "a photo removed on one, untouched on the other", photos: [1, 2], note: "blue car",
                 tablet: [.remove(1)], phone: [.add(3)], expectedPhotos: [2, 3], expectedNote: "blue car"),
        Scenario(name: "a photo removed on one, the note edited on the other", photos: [1, 2], note: "blue car",
                 tablet: [.note("blue car, dented")], phone: [.remove(2)], expectedPhotos: [1], expectedNote: "blue car, dented"),
        Scenario(name: "the note cleared on one, untouched on the other", photos: [1], note: "red van",
                 tablet: [.note("")], phone: [.add(4)], expectedPhotos: [1, 4], expectedNote: ""),
        Scenario(name: "the note changed on both: the later change kept", photos: [1], note: "red van",
                 tablet: [.note("red van, two passengers")], phone: [.note("red van, Vienna plates")],
                 expectedPhotos: [1], expectedNote: "red van, Vienna plates"),
        Scenario(name: "photos added on both", photos: [1], note: "",
                 tablet: [.add(5)], phone: [.add(6)], expectedPhotos: [1, 5, 6], expectedNote: ""),
        Scenario(name: "the section limit: the later side's photos first", photos: Array(1...8), note: "",
                 tablet: [.add(11), .add(12)], phone: [.add(9), .add(10)], expectedPhotos: Set(1...10), expectedNote: ""),
    ]

    @Test(arguments: scenarios)
    func bothDevicesEndEqualToTheServer(_ scenario: Scenario) async throws {
        let server = try ServerProcess()
        let token = try server.addUser("ann")
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { _ = proxy.stop(); _ = try? server.stop() }
        let url = "http://127.0.0.1:\(proxy.port)"
        let phone = try SyncDevice(server: url, token: token)
        let tablet = try SyncDevice(server: url, token: token)

        // The shared start: made on the phone, received by the tablet.
        let start = try await phone.useCases.start.execute()
        for seed in scenario.photos { try await Self.apply(.add(seed), to: start.id, on: phone) }
        if !scenario.note.isEmpty { try await Self.apply(.note(scenario.note), to: start.id, on: phone) }
        #expect(await phone.sync.syncOnce().isComplete)
        #expect(await tablet.sync.syncOnce().reportsReceived == 1)

        for edit in scenario.tablet { try await Self.apply(edit, to: start.id, on: tablet) }
        #expect(await tablet.sync.syncOnce().isComplete)
        try await Task.sleep(for: .milliseconds(20))
        for edit in scenario.phone { try await Self.apply(edit, to: start.id, on: phone) }
        // The merged version's answer is lost: the repeat finds it stored.
        proxy.inject(.dropResponse, method: "PUT", path: .regex("^/v1/reports/[^/]+$"))
        var pass = await phone.sync.syncOnce()
        for _ in 0..<3 where !pass.isComplete { pass = await phone.sync.syncOnce() }
        #expect(pass.isComplete)
        #expect(await tablet.sync.syncOnce().isComplete)

        let held = try requireReport(try await phone.client.report(start.id), "the server's copy")
        #expect(Set(try held.allPhotos.map { try Self.seed(of: $0.contentHash) }) == scenario.expectedPhotos)
        #expect(held.otherDriverNote == scenario.expectedNote)
        #expect(try await phone.report(start.id).sameContent(as: held))
        #expect(try await tablet.report(start.id).sameContent(as: held))
        // Nothing comes back on a further round.
        #expect(await phone.sync.syncOnce().reportsSent == 0)
        #expect(await tablet.sync.syncOnce().reportsSent == 0)
        #expect(try await phone.client.report(start.id)?.revision == held.revision)
        await phone.shutdown()
        await tablet.shutdown()
    }

    static func apply(_ edit: Edit, to id: ReportID, on device: SyncDevice) async throws {
        switch edit {
        case let .add(seed):
            _ = try await device.useCases.addImage.execute(reportID: id, section: .crashScene, bytes: try Fixtures.distinctJPEG(seed), fileName: "photo-\(seed).jpg")
        case let .remove(seed):
            let hash = ContentHash.sha256(of: try Fixtures.distinctJPEG(seed))
            let photo = try #require(try await device.report(id).allPhotos.first { $0.contentHash == hash })
            _ = try await device.useCases.removeImage.execute(reportID: id, photoID: photo.id)
        case let .note(text):
            _ = try await device.useCases.setNote.execute(reportID: id, note: text)
        }
    }

    /// Which fixture seed made these bytes.
    static func seed(of hash: ContentHash) throws -> Int {
        for seed in 1...20 where ContentHash.sha256(of: try Fixtures.distinctJPEG(seed)) == hash { return seed }
        throw SyncTestFailure("a photo no scenario added: \(hash.short)")
    }
}
