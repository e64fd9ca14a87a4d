/// A point on Earth in decimal degrees (WGS 84).
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// - Throws: `InputError.invalidCoordinate` when a value is not a finite number in range.
    public init(latitude: Double, longitude: Double) throws(InputError) {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw .invalidCoordinate("latitude \(latitude) is not between -90 and 90")
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw .invalidCoordinate("longitude \(longitude) is not between -180 and 180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Five decimals (about a metre), e.g. `47.49800, 19.04000`.
    public var description: String {
        "\(Self.format(latitude)), \(Self.format(longitude))"
    }

    private static func format(_ value: Double) -> String {
        let scaled = (value * 100_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int(abs(scaled))
        let fraction = String(magnitude % 100_000)
        return "\(sign)\(magnitude / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)"
    }
}
