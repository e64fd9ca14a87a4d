import Domain

/// What the server's own rules refused, as facts; the HTTP edge chooses the status and the words.
package enum ServerRefusal: Error, Sendable, Hashable {
    /// A crash event names a user the server does not know.
    case unknownUser(String)
    /// A crash event names its driver by an insurer's reference no user has.
    case unknownReference(DriverReference)
    /// A crash event names its driver by a policy reference several users share.
    case ambiguousReference(DriverReference)
    /// A detector's event id (its idempotency key) came again with a different event.
    case idempotencyKeyReused(eventID: String)
    /// A crash event's detection time lies in the future.
    case detectedInFuture
    /// The bytes' SHA-256 is not the one named.
    case hashMismatch(expected: ContentHash, actual: ContentHash)
    /// No partial upload of these bytes by the caller.
    case noUpload(ContentHash)
    /// A part does not start where the upload stands (`whole`: the photo is stored whole already).
    case offsetMismatch(held: Int, given: Int, whole: Bool)
    /// A part or a body goes past the photo's length.
    case pastEnd(length: Int)
    /// A report names photos its owner has not uploaded whole.
    case photosMissing(ReportID, [ContentHash])
    /// A report carries a crash ID the server did not issue to its owner (and not of the app's local form).
    case crashIDNotIssued(CrashID)
    /// The account asked for more than its rate allows; it may ask again after `retryAfter` seconds.
    case rateLimited(what: String, limit: Int, retryAfter: Int)
    /// The account has `limit` of something under way at once already (`what`: PDFs being drawn); it may ask again
    /// after `retryAfter` seconds.
    case busy(what: String, limit: Int, retryAfter: Int)
    /// The account a write was for was erased meanwhile (its token was still remembered): nothing was written.
    case accountGone
    /// No claim has this id.
    case claimNotFound(ClaimID)
    /// A claim number or message a handler gave breaks its rule (the field is `acknowledgement.claimNumber` or
    /// `acknowledgement.message`).
    case invalidAcknowledgement(InvalidReportData)
    /// A claim's status step breaks its rule (the field is `status.<name>`: `status.phone`, `status.amount`, …).
    case invalidClaimStatus(InvalidReportData)
    /// A link for the other driver was asked for a report that is completed.
    case linkToCompletedReport(CrashID)
    /// A link was asked for the statement with a party the report (as the server holds it) does not have as a motor
    /// vehicle.
    case noStatementWith(PartyID, CrashID)
    /// The other driver's link was forgotten while their copy was being drawn.
    case statementLinkGone
    /// The report kept changing while the other driver's part was being stored into it; nothing was stored.
    case keptChanging(ReportID)
    /// A save would change a statement both drivers signed; `current` is the version held (`ReportError/statementSigned(_:)`).
    case statementSigned(current: CrashReport?)
    /// The account keeps as much as its quota allows (`what`: reports, photo bytes).
    case quotaExceeded(what: String, limit: Int)
}
