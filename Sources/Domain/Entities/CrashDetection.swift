import Foundation

/// What the crash-detection side measured when it detected the crash (after eCall's minimum set of data): kept with
/// the report the server made for it, and shown to the driver and the insurer as measured. Only the server sets it.
public struct CrashDetection: Sendable, Hashable {
    public let detectedAt: Date
    public let position: Coordinate
    /// How far off the position may be, in metres, when the detector says.
    public let accuracyMeters: Double?
    /// Whether the detector trusts the position (eCall's "position can be trusted").
    public let positionTrusted: Bool
    /// The direction of travel, in degrees from north.
    public let headingDegrees: Double?
    public let speedKmh: Double?
    /// The change of speed in the impact.
    public let deltaVKmh: Double?
    /// Whether the airbags deployed (`nil`: the detector cannot know).
    public let airbagsDeployed: Bool?
    /// Whether the vehicle rolled over (`nil`: the detector cannot know).
    public let rollover: Bool?
    /// A test call, not a crash.
    public let isTest: Bool

    /// The ranges a measurement may be in.
    public static let accuracyRange = 0.0...100_000
    public static let headingRange = 0.0...360
    public static let speedRange = 0.0...1_000

    /// - Throws: ``InvalidReportData`` naming the measurement out of its range (or not a number).
    public init(
        detectedAt: Date, position: Coordinate, accuracyMeters: Double?, positionTrusted: Bool, headingDegrees: Double?,
        speedKmh: Double?, deltaVKmh: Double?, airbagsDeployed: Bool?, rollover: Bool?, isTest: Bool
    ) throws(InvalidReportData) {
        func check(_ value: Double?, _ field: String, _ range: ClosedRange<Double>) throws(InvalidReportData) {
            guard let value else { return }
            guard value.isFinite, range.contains(value) else {
                throw InvalidReportData(field: field, problem: .invalid(value.isFinite ? "\(value)" : "not a number"))
            }
        }
        try check(accuracyMeters, "accuracyMeters", Self.accuracyRange)
        try check(headingDegrees, "headingDegrees", Self.headingRange)
        try check(speedKmh, "speedKmh", Self.speedRange)
        try check(deltaVKmh, "deltaVKmh", Self.speedRange)
        self.detectedAt = detectedAt
        self.position = position
        self.accuracyMeters = accuracyMeters
        self.positionTrusted = positionTrusted
        self.headingDegrees = headingDegrees
        self.speedKmh = speedKmh
        self.deltaVKmh = deltaVKmh
        self.airbagsDeployed = airbagsDeployed
        self.rollover = rollover
        self.isTest = isTest
    }
}
