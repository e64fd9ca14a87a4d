import Domain
import Foundation
import Logging
import ServiceLifecycle

/// Removes uploads left unfinished past their bound — their rows, and their bytes or segments — every `interval`,
/// for as long as the server runs, and forgets deleted reports past ``ServerLimits/deletionMemory`` (and beyond the
/// newest ``ServerLimits/deletionsRememberedPerAccount``), finished jobs past ``ServerLimits/finishedJobMemory``, and
/// the handlers' expired sessions and the other drivers' expired links.
/// With several instances each sweeps, and each upload is
/// removed by one of them only (the store hands each swept upload to one caller).
package struct UploadSweeper: Service, CustomStringConvertible {
    /// How the service is named when the lifecycle logs it: by name, never by its parts (which hold the SMS gateway's
    /// and the claims system's settings).
    package var description: String { "UploadSweeper" }

    package let erasure: Erasure
    package let reports: any ServerReportStore
    package let jobs: any JobStore
    package let sessions: any SessionStore
    package let statementLinks: any StatementLinkStore
    package let clock: any Clock
    /// How old an unfinished upload may grow.
    package let expiry: Duration
    package let interval: Duration
    package let logger: Logger

    package func run() async throws {
        // Ends as soon as the server is asked to stop: a sweep left half done is finished by the next one.
        try await cancelWhenGracefulShutdown { await sweepUntilCancelled() }
    }

    private func sweepUntilCancelled() async {
        while !Task.isCancelled {
            do {
                let cutoff = clock.now().addingTimeInterval(-Double(expiry.components.seconds))
                try await erasure.sweepUploads(startedBefore: cutoff)
                let memory = clock.now().addingTimeInterval(-Double(ServerLimits.deletionMemory.components.seconds))
                try await reports.forgetDeletions(before: memory, keeping: ServerLimits.deletionsRememberedPerAccount)
                try await jobs.forgetFinishedJobs(before: clock.now().addingTimeInterval(-Double(ServerLimits.finishedJobMemory.components.seconds)))
                try await sessions.forgetSessions(expiredBefore: clock.now())
                let forgotten = try await statementLinks.forgetStatementLinks(expiredBefore: clock.now())
                // Their copies go with them, unless something else names the same bytes.
                for copy in forgotten.copies { try await erasure.blobs.removeDocument(copy, unlessRecordedIn: reports) }
            } catch is CancellationError {
                return
            } catch {
                logger.error("sweeping unfinished uploads and old deletions failed", metadata: ["error": "\(String(describing: error).prefix(300))"])
            }
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }

    package init(erasure: Erasure, reports: any ServerReportStore, jobs: any JobStore, sessions: any SessionStore, statementLinks: any StatementLinkStore, clock: any Clock, expiry: Duration, interval: Duration, logger: Logger) {
        self.erasure = erasure
        self.reports = reports
        self.jobs = jobs
        self.sessions = sessions
        self.statementLinks = statementLinks
        self.clock = clock
        self.expiry = expiry
        self.interval = interval
        self.logger = logger
    }
}
