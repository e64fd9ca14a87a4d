import Domain
import Foundation

/// A crash the detection side detected for a user, after eCall's minimum set of data: the detector's id for the event
/// and what it measured.
package struct DetectedCrash: Sendable, Hashable {
    /// The detector's own id for the event; the same event sent twice carries the same id.
    package let eventID: String
    package let detection: CrashDetection
    /// The local time's offset from UTC where the crash was detected, when the detector knows it.
    package let utcOffsetMinutes: Int?
    /// The SHA-256 (hex) of the whole event as received, user included, in a canonical form: the same event sent
    /// again has the same digest, and an event id sent with another event is told apart by it.
    package let digest: String

    package init(eventID: String, detection: CrashDetection, utcOffsetMinutes: Int?, digest: String) {
        self.eventID = eventID
        self.detection = detection
        self.utcOffsetMinutes = utcOffsetMinutes
        self.digest = digest
    }
}
