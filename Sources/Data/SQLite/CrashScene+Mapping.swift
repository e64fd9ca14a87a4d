import Domain
import Foundation
import Storage

extension CrashScene {
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
