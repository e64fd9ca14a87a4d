import Foundation

/// What every instance sharing the store must agree on when an operator looks: the jobs not finished, the SMS
/// messages by state and the uploads under way (``OperationsWatch`` shows them as metrics and readiness checks).
package protocol OperationsFigures: Sendable {
    /// The figures as the store holds them now, read in one go.
    func operationsFigures() async throws -> SharedFigures
}

/// The figures several instances share (``OperationsFigures``).
package struct SharedFigures: Sendable, Hashable {
    /// The jobs not finished, by kind; a kind with none is missing.
    package var jobs: [JobKind: JobBacklog]
    /// The jobs given up and kept (not replayed, not yet forgotten), by kind; a kind with none is missing.
    package var givenUp: [JobKind: Int] = [:]
    /// The SMS messages kept, by state; a state with none is missing.
    package var sms: [SMSState: Int]
    /// Photo uploads begun and not whole, and the bytes they hold.
    package var openUploads: Int
    package var openUploadBytes: Int

    package init(jobs: [JobKind: JobBacklog] = [:], sms: [SMSState: Int] = [:], openUploads: Int = 0, openUploadBytes: Int = 0) {
        self.jobs = jobs
        self.sms = sms
        self.openUploads = openUploads
        self.openUploadBytes = openUploadBytes
    }
}

/// The jobs of one kind not finished: queued, paused before another try, or being done.
package struct JobBacklog: Sendable, Hashable {
    package let waiting: Int
    /// When the oldest of them was queued.
    package let oldestQueuedAt: Date
    /// How many times the oldest was taken, and why its last try failed (`nil`: it has not failed).
    package let oldestAttempts: Int
    package let oldestError: String?

    package init(waiting: Int, oldestQueuedAt: Date, oldestAttempts: Int, oldestError: String?) {
        self.waiting = waiting
        self.oldestQueuedAt = oldestQueuedAt
        self.oldestAttempts = oldestAttempts
        self.oldestError = oldestError
    }
}
