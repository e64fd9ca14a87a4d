import Domain
import Foundation
import Storage

extension CrashScene {
    /// Binds the scene to four parameters from `first`: time, latitude, longitude, address.
    func bind(to statement: SQLiteStatement, from first: Int32) {
        statement.bind(occurredAt.timeIntervalSinceReferenceDate, at: first)
        statement.bind(coordinate?.latitude, at: first + 1)
        statement.bind(coordinate?.longitude, at: first + 2)
        statement.bind(address, at: first + 3)
    }

    /// Rebuilds a scene from four columns from `first`: time, latitude, longitude, address.
    init(row: SQLiteStatement, from first: Int32, path: String) throws {
        let coordinate: Coordinate? = switch (row.optionalDouble(first + 1), row.optionalDouble(first + 2)) {
        case let (latitude?, longitude?): try Coordinate(latitude: latitude, longitude: longitude)
        default: nil
        }
        let occurredAt = Date(timeIntervalSinceReferenceDate: row.double(first))
        let address = row.optionalString(first + 3)
        self = coordinate == nil && address == nil
            ? CrashScene(occurredAt: occurredAt)
            : try CrashScene(occurredAt: occurredAt, coordinate: coordinate, address: address)
    }
}
