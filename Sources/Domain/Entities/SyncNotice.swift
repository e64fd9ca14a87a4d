import Foundation

/// Something sync did to a report that the driver should hear about (on the landing screen, or from
/// `crash-assistant sync`). Facts only; the screens choose the words.
public struct SyncNotice: Sendable, Hashable {
    public enum Event: Sendable, Hashable {
        /// Another writer changed the report too; both versions were merged (``ReportMerge``).
        case merged(MergeSummary)
        /// A report made on this device for a crash ID the server already had a report for (a link opened offline)
        /// was joined into the server's report, which is the one kept (``ReportMerge``, against an empty draft).
        case joined(MergeSummary)
        /// The report had a locally issued crash ID; the server issued this one, which replaces it.
        case crashIDReplaced(old: CrashID)
        /// The report was deleted on another device while this device still had changes to it: this device's
        /// version was sent again, so nothing entered here is lost.
        case recreatedAfterDeletion
        /// The report was deleted on another device; this device had no unsent changes to it, so it is gone here too.
        case deletedElsewhere
        /// The server removed the draft it made from a crash event: the driver answered the crash's SMS that it was a
        /// false alarm, and the draft was never changed; this device had no unsent changes to it either.
        case removedAsFalseAlarm
        /// The server no longer holds a completed report (erased there); this device keeps its copy and sends it no more.
        case removedFromServer
        /// The server refused the report (or its deletion) for good; it stays on this device as it is.
        case refused(SyncRefusal)
        /// The insurer received the submitted report and opened a claim: its number, and the handler's message.
        case acknowledged(claimNumber: String, message: String)
        /// The insurer recorded the claim's next step (``CrashReport/claimTimeline``).
        case claimStatus(ClaimStatusUpdate)
        /// The other driver filled in column B of an accident statement from the link they were given. `party` is
        /// the number of the other motor vehicle whose statement it is (``CrashParties/number(of:)``); `nil` for B's.
        case otherDriverEntered(party: Int?)
        /// The other driver signed a statement's front side as it is (`party` as for ``otherDriverEntered(party:)``).
        case otherDriverSigned(party: Int?)
        /// The other driver would not sign a statement, and said why (`party` as for ``otherDriverEntered(party:)``).
        case otherDriverDeclined(reason: String, party: Int?)
        /// A side's signature of a statement no longer counts: the front changed after it (elsewhere, or in a merge).
        /// `party` as for ``otherDriverEntered(party:)``.
        case signatureVoided(VehicleSide, party: Int?)
    }

    public let reportID: ReportID
    /// The report's crash ID as it is now.
    public let crashID: CrashID
    public let event: Event
    public let date: Date

    public init(reportID: ReportID, crashID: CrashID, event: Event, date: Date) {
        self.reportID = reportID
        self.crashID = crashID
        self.event = event
        self.date = date
    }
}

/// Why the server refused a report for good, as facts the screens word.
public enum SyncRefusal: Sendable, Hashable {
    /// The report breaks a rule the server keeps; `field` names where, when the server said.
    case invalid(field: String?)
    /// The report is completed on the server: it can no longer be changed or deleted there.
    case completedThere
    /// The report holds nothing to report, so it cannot be completed.
    case nothingToReport
    /// The report is larger than the server takes.
    case tooLarge
    /// A refusal this program does not know, in the server's words.
    case other(detail: String)
}
