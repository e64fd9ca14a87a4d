import Domain
import Foundation

/// The limits the server keeps to, in one place.
package enum ServerLimits {
    /// The largest request body on any route: 20 MiB, the largest photo the app accepts (the photo routes' limit).
    package static let maximumBodyBytes = ReportLimits.maximumPhotoBytes
    /// The largest report body: 1 MiB. The largest valid report — fifty photos, each with a file name of 1,024
    /// characters of four bytes, JSON-escaped, and a note and an address at their limits — stays under half of it.
    package static let maximumReportBytes = 1_024 * 1_024
    /// The largest crash event body: 16 KiB (a few hundred bytes in practice).
    package static let maximumCrashEventBytes = 16 * 1_024
    /// The largest acknowledgement or status body: 8 KiB (a claim number, or a status step's facts, and a note of 500
    /// characters of four bytes).
    package static let maximumAcknowledgementBytes = 8 * 1_024
    /// How many reports a page of the list holds when the client does not say.
    package static let reportsPerPage = 100
    /// The most reports a page of the list may hold.
    package static let maximumReportsPerPage = 200
    /// How many claims a page of a handler's list holds when the client does not say.
    package static let claimsPerPage = 50
    /// How long a deleted report is remembered for devices asking what changed: 90 days.
    package static let deletionMemory: Duration = .seconds(90 * 24 * 3_600)
    /// The most deleted reports remembered per account (the newest).
    package static let deletionsRememberedPerAccount = 10_000
    /// How long a finished job (done, or given up) is kept for an operator to look at: 30 days.
    package static let finishedJobMemory: Duration = .seconds(30 * 24 * 3_600)
    /// How long a job (an SMS, a notice to the claims system) is tried before it is given up: a day
    /// (`serve --give-up-after`).
    package static let jobGiveUp: Duration = .seconds(86_400)
    /// The most deliveries a claim's page lists (a claim has a few: its notice, its documents, each new PDF).
    package static let deliveriesPerClaim = 100
    /// How many deliveries `webhook list` shows at most.
    package static let deliveriesListed = 1_000
    /// How many times a new crash ID is drawn when the one drawn was issued before.
    /// The SMS replies kept for one crash; later ones are answered and counted, and neither kept nor acted on.
    package static let repliesPerCrash = 50
    /// How long a driver's HELP stays on the handlers' list of drivers who asked for help.
    package static let helpListed: Duration = .seconds(7 * 24 * 3_600)
    /// The longest query an SMS gateway may hand a reply in (the text, percent-encoded, is most of it).
    package static let maximumReplyQueryBytes = 16 * 1_024
    package static let crashIDAttempts = 8
    /// How long bytes marked as being removed keep new uploads of the same bytes waiting: 10 minutes, far longer than a
    /// removal takes; a mark left by an instance that died before it finished is ignored after it.
    package static let bytesRemovalBound: TimeInterval = 600
    /// What an upload that meets bytes being removed is told: ask again after 2 seconds.
    package static let bytesRemovalRetryAfter = 2
}
