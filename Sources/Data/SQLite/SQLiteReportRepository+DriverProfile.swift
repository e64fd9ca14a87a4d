import Domain
import Foundation
import Storage
import WireAPI

/// The driver's own details (`driver_profile`, one row: a vehicle's column as the wire's JSON).
extension SQLiteReportRepository: DriverProfileStore {
    public func driverProfile() throws -> StatementVehicle {
        let path = database.path
        let json: String? = try database.read { connection in
            let query = try connection.statement("SELECT vehicle FROM driver_profile WHERE singleton = 1")
            defer { query.reset() }
            return try query.step() ? query.string(0) : nil
        }
        guard let json else { return StatementVehicle() }
        do {
            let wire = try WireCoding.decoder().decode(Components.Schemas.StatementVehicle.self, from: Data(json.utf8))
            return try StatementVehicle(wire: wire, field: "profile").profilePart
        } catch let error as InvalidReportData {
            throw StorageError.damagedRecord(path: path, reason: "\(error.field) of the driver's profile: \(error.problem)")
        } catch {
            throw StorageError.damagedRecord(path: path, reason: "the driver's profile cannot be read")
        }
    }

    public func saveDriverProfile(_ profile: StatementVehicle) throws {
        let kept = profile.profilePart
        let json = kept.isEmpty ? nil : try? WireCoding.encoder().encode(Components.Schemas.StatementVehicle(kept))
        try database.write { connection in
            if let json {
                let upsert = try connection.statement("""
                    INSERT INTO driver_profile (singleton, vehicle) VALUES (1, \(String(decoding: json, as: UTF8.self)))
                    ON CONFLICT (singleton) DO UPDATE SET vehicle = excluded.vehicle
                    """)
                defer { upsert.reset() }
                try upsert.run()
            } else {
                try connection.execute("DELETE FROM driver_profile")
            }
        }
    }
}
