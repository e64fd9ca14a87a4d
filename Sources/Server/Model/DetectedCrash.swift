import Domain
import Foundation

/// A crash the detection side detected for a user, after eCall's minimum set of data.
struct DetectedCrash: Sendable, Hashable {
    /// The detector's own id for the event; the same event sent twice carries the same id.
    let eventID: String
    let detectedAt: Date
    let position: Coordinate
    /// How far off the position may be, in metres, when the detector says.
    let accuracyMeters: Double?
    /// Whether the detector trusts the position.
    let positionTrusted: Bool
    let headingDegrees: Double?
    let speedKmh: Double?
    let deltaVKmh: Double?
    let airbagsDeployed: Bool
    let rollover: Bool
    /// A test call: handled like any other, and said to be a test in the SMS.
    let isTest: Bool
}
