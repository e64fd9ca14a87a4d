import Data
import Domain
import Foundation
import ServerTestSupport
import Testing
import TestSupport

/// A device whose own store was made to say what only the server can witness (a code signature for the other driver,
/// their credit for column B, their decline) cannot get it onto the server by syncing: the push is refused naming the
/// field, the driver is told, and the server's copy stays as it was.
@Suite("Sync cannot speak for the other driver", .serialized, .ownThreads)
struct ServerWitnessedFactsSyncTests {
    @Test("A forged fact in the device's store is refused by the server at sync, named, and never stored", arguments: WitnessedFactForgery.all)
    func aForgedFactDoesNotSync(_ forgery: WitnessedFactForgery) async throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let direct = ServerClient(address: try ServerAddress("http://127.0.0.1:\(server.port)", token: token), retryPauses: [])
        let device = try SyncDevice(server: "http://127.0.0.1:\(server.port)", token: token)

        // An honest draft with vehicle A, synced.
        let draft = try await device.startReport(photo: try Fixtures.jpeg())
        var honest = try await device.report(draft.id)
        var statement = honest.statement
        try statement.vehicleA.set(.plate, to: "SECRET-1")
        try honest.setStatement(statement)
        let saved = try await device.adapters.repository.save(honest)
        #expect(await device.sync.syncOnce().isComplete)
        let before = try requireReport(try await direct.report(draft.id), "the server's copy")
        #expect(before.statement == saved.statement)

        // The device's own store is made to carry the forged fact, as a tampered device would.
        var forged = try await device.report(draft.id)
        try forgery.forge(&forged)
        _ = try await device.adapters.repository.save(forged)
        let pass = await device.sync.syncOnce()
        #expect(pass.notices.contains { $0.event == .refused(.invalid(field: forgery.field)) }, "\(pass.notices)")

        let after = try requireReport(try await direct.report(draft.id), "the server's copy")
        #expect(after.revision == before.revision)
        #expect(after.statement == before.statement)
        await device.shutdown()
        await direct.shutdown()
    }
}
