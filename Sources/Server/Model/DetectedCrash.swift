import Domain
import Foundation

/// A crash the detection side detected for a user, after eCall's minimum set of data: the detector's id for the event
/// and what it measured.
struct DetectedCrash: Sendable, Hashable {
    /// The detector's own id for the event; the same event sent twice carries the same id.
    let eventID: String
    let detection: CrashDetection
    /// The local time's offset from UTC where the crash was detected, when the detector knows it.
    let utcOffsetMinutes: Int?
    /// The SHA-256 (hex) of the whole event as received, user included, in a canonical form: the same event sent
    /// again has the same digest, and an event id sent with another event is told apart by it.
    let digest: String
}
