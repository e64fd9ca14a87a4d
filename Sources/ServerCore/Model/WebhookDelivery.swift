import Domain
import Foundation

/// One event for the insurer's claims system as the server keeps it: the job that sends it, from when it was queued
/// until ``ServerLimits/finishedJobMemory`` after it finished (delivered, or given up), so an operator can list the
/// deliveries and send one again (`webhook list`, `webhook replay`), and a handler sees them on the claim's page.
package struct WebhookDelivery: Sendable, Hashable {
    /// The job's number, which `webhook replay` takes.
    package let id: Int64
    /// What it tells; `nil` when its row cannot be read.
    package let job: ServerJob?
    package let state: DeliveryState
    /// How many tries so far.
    package let attempts: Int
    /// Why the last try failed; kept after a later try succeeds.
    package let lastError: String?
    package let queuedAt: Date
    /// When it was delivered or given up; `nil` while it is being tried.
    package let finishedAt: Date?
    /// When an operator last queued it again (`webhook replay`); its day of tries counts from then.
    package let replayedAt: Date?

    package init(
        id: Int64, job: ServerJob?, state: DeliveryState, attempts: Int, lastError: String?, queuedAt: Date, finishedAt: Date?, replayedAt: Date?
    ) {
        self.id = id
        self.job = job
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.queuedAt = queuedAt
        self.finishedAt = finishedAt
        self.replayedAt = replayedAt
    }

    /// The delivery from a job's row: `state` as the row holds it (`queued`, `done`, `failed`).
    package init(id: Int64, kind: String, payload: String, rowState: String, attempts: Int, lastError: String?, queuedAt: Date, finishedAt: Date?, replayedAt: Date?) {
        let state: DeliveryState = switch rowState {
        case "done": .delivered
        case "failed": .givenUp
        default: lastError == nil ? .waiting : .retrying
        }
        self.init(
            id: id, job: ServerJob(kind: kind, payload: payload), state: state, attempts: attempts, lastError: lastError, queuedAt: queuedAt,
            finishedAt: finishedAt, replayedAt: replayedAt
        )
    }

    /// The event it tells, when its row can be read.
    package var event: ClaimEvent? {
        switch job {
        case .notifyInsurer: .firstNoticeOfLoss
        case .tellDocumentsComplete: .documentsComplete
        case .announceDocumentVersion: .documentVersionAdded
        case .tellAcknowledged: .acknowledged
        case .tellStatusChanged: .statusChanged
        case .tellReply: .crashReply
        case .sendSMS, nil: nil
        }
    }

    /// The driver and report it is about.
    package var report: (owner: AccountID, report: ReportID)? {
        switch job {
        case let .notifyInsurer(owner, report), let .tellDocumentsComplete(owner, report), let .announceDocumentVersion(owner, report, _),
             let .tellAcknowledged(owner, report, _), let .tellStatusChanged(owner, report, _),
             let .tellReply(owner, report, _):
            (owner, report)
        case .sendSMS, nil: nil
        }
    }

    /// The document version a ``ClaimEvent/documentVersionAdded`` event announces.
    package var version: Int? {
        if case let .announceDocumentVersion(_, _, number) = job { return number }
        return nil
    }

    /// The acknowledgement a ``ClaimEvent/acknowledged`` event tells.
    package var acknowledgement: ClaimAcknowledgement? {
        if case let .tellAcknowledged(_, _, acknowledgement) = job { return acknowledgement }
        return nil
    }

    /// The `webhook-id` the claims system gets, given the claim's id (a reply's is its own, claim or not).
    package func webhookID(claim: ClaimID?) -> String? {
        if case let .tellReply(_, _, reply) = job { return ClaimEvent.webhookID(reply: reply) }
        guard let claim else { return nil }
        return event.map { $0.webhookID(claim: claim, number: job?.webhookNumber) }
    }

    /// Whether an operator may queue it again: once it is finished (a delivery still being tried is sent as soon as
    /// the receiver takes it, and two workers must not send one event at once).
    package var isReplayable: Bool { state == .delivered || state == .givenUp }
}

/// Where a ``WebhookDelivery`` stands.
package enum DeliveryState: String, Sendable, Hashable, CaseIterable {
    /// Queued and not tried yet, or being tried for the first time.
    case waiting
    /// A try failed; it is tried again after a pause, for a day from when it was queued.
    case retrying
    /// The receiver answered 2xx.
    case delivered
    /// Every try failed for a day: not tried again unless replayed.
    case givenUp = "given-up"

    /// Whether its last try failed.
    package var failed: Bool { self == .retrying || self == .givenUp }
}

/// Which deliveries to list (``JobStore/webhookDeliveries(_:limit:)``).
package struct DeliveryQuery: Sendable, Hashable {
    /// Only those whose last try failed (``DeliveryState/failed``).
    package var failedOnly: Bool
    /// Only those queued (or replayed) at or after this time.
    package var since: Date?
    /// Only those about this driver's report.
    package var report: ReportKey?

    package init(failedOnly: Bool = false, since: Date? = nil, report: ReportKey? = nil) {
        self.failedOnly = failedOnly
        self.since = since
        self.report = report
    }

    /// A driver's report (two drivers' reports may share an id).
    package struct ReportKey: Sendable, Hashable {
        package let owner: AccountID
        package let report: ReportID

        package init(owner: AccountID, report: ReportID) {
            self.owner = owner
            self.report = report
        }
    }

    /// Whether `delivery` is one this query asks for; the stores narrow by SQL and keep this as the one rule.
    package func matches(_ delivery: WebhookDelivery) -> Bool {
        if failedOnly, !delivery.state.failed { return false }
        if let since, (delivery.replayedAt ?? delivery.queuedAt) < since { return false }
        if let report {
            guard let about = delivery.report, about.owner == report.owner, about.report == report.report else { return false }
        }
        return true
    }
}

/// What replaying a delivery did (``JobStore/replayDelivery(_:at:)``).
package enum ReplayOutcome: Sendable, Hashable {
    /// Queued again, due now.
    case queued(WebhookDelivery)
    /// Still being tried: it goes as soon as the receiver takes it.
    case stillTrying(WebhookDelivery)
    /// No delivery has this number (never, or forgotten 30 days after it finished).
    case notFound
}
