import Composition
import Data
import Domain
import Foundation
import TestSupport

/// One device of a driver for the sync tests: its own SQLite store and photo folder as the cache of a server, the
/// use cases over it, and its sync engine — the same wiring as `crash-assistant --store server`.
final class SyncDevice: Sendable {
    let directory: TemporaryDirectory
    let storage: LocalStorage
    let client: ServerClient
    let adapters: Adapters
    let sync: SyncEngine
    let useCases: UseCases

    /// - Parameter directory: the device's data folder (a new one when `nil`).
    init(
        server: String, token: String, directory: TemporaryDirectory? = nil,
        backoff: SyncBackoff = SyncBackoff(base: .milliseconds(50), cap: .milliseconds(400))
    ) throws {
        self.directory = directory ?? TemporaryDirectory("sync-device")
        storage = try LocalStorage.open(at: DatabaseLocation(databaseFile: self.directory.file("reports.sqlite")), recordsChanges: true)
        client = Adapters.serverClient(
            storage, address: try ServerAddress(server, token: token),
            timeouts: .init(connect: .seconds(2), read: .seconds(10), request: .seconds(20), transfer: .seconds(60)),
            retryPauses: []
        )
        (adapters, sync) = try Adapters.server(storage, client: client, backoff: backoff)
        useCases = UseCases(adapters)
    }

    func shutdown() async {
        await sync.stop()
        await client.shutdown()
    }

    /// A new report with a photo in the crash scene and a note: what a driver at the roadside collects first.
    func startReport(photo: Data, note: String = "Blue hatchback") async throws -> CrashReport {
        let report = try await useCases.start.execute()
        _ = try await useCases.addImage.execute(reportID: report.id, section: .crashScene, bytes: photo, fileName: "scene.jpg")
        return try await useCases.setNote.execute(reportID: report.id, note: note)
    }

    func report(_ id: ReportID) async throws -> CrashReport {
        try requireReport(await adapters.repository.report(withID: id))
    }

    var waiting: OutboxCounts {
        get throws { try storage.outbox.pendingCounts() }
    }
}

/// The report, or a failure naming what was missing.
func requireReport(_ report: CrashReport?, _ what: String = "the report") throws -> CrashReport {
    guard let report else { throw SyncTestFailure("\(what) is missing") }
    return report
}

struct SyncTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
