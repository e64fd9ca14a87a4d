import Domain
import Foundation
import Logging
import ServiceLifecycle

/// Everything the routes use, wired once from the server's ports (the composition root builds the ports:
/// `ServerEnvironment`; tests may build them over a temporary folder).
package final class ServerServices: Sendable {
    package let accounts: any AccountStore
    package let reports: any ServerReportStore
    package let photos: any PhotoIndex
    package let blobs: any BlobStore
    package let links: CrashLinks
    package let crashIDs: CrashIDIssuing
    package let crashEvents: CrashEventIntake
    package let keeping: ReportKeeping
    package let submission: ReportSubmission
    package let uploads: PhotoUploads
    package let erasure: Erasure
    /// What the insurer's claims handlers do with submitted reports.
    package let claims: ClaimDesk
    /// The handlers' signed-in sessions on the web pages.
    package let sessions: any SessionStore
    /// The other driver's links to vehicle B of a statement.
    package let statementSharing: StatementSharing
    /// What the page a crash SMS's link opens says of the crash.
    package let landing: CrashLanding
    /// The SMS messages to drivers and their states.
    package let messages: any SMSStore
    /// What sends them.
    package let sms: any SMSSender
    /// The drivers' SMS replies, as the gateway hands them over.
    package let replies: SMSReplies
    /// Does the jobs requests wrote (sending SMS); run it beside the HTTP server (``workers``).
    package let worker: JobWorker

    package let clock: any Clock
    /// Where PDFs are drawn before they are stored: on the disk that holds the server's data.
    package let scratchFolder: String

    /// Readiness, and the figures the metrics read when asked for.
    package let watch: OperationsWatch

    /// What must run beside the HTTP server for the jobs to be done.
    package var workers: [any Service] { [worker] }

    package init(
        accounts: any AccountStore,
        records: any CrashRecordStore,
        reports: any ServerReportStore,
        claims: any ClaimStore,
        sessions: any SessionStore,
        statementLinks: any StatementLinkStore,
        photos: any PhotoIndex,
        blobs: any BlobStore,
        messages: any SMSStore,
        replies replyStore: any SMSReplyStore,
        jobStore: any JobStore,
        figures: any OperationsFigures,
        sms: any SMSSender,
        clock: any Clock,
        publicURL: String,
        links: CrashLinks? = nil,
        scratchFolder: String,
        locks: any UploadLocking = UploadLocks(),
        renderConcurrency: Int = 2,
        quotas: Quotas = .standard,
        retryPause: Duration = .seconds(60),
        giveUpAfter: Duration = ServerLimits.jobGiveUp,
        jobConcurrency: JobConcurrency = .standard,
        webhook: (any ClaimsSystem)? = nil,
        smsReplyKey: String? = nil,
        seal: DocumentSeal? = nil,
        describeFailure: @escaping @Sendable (any Error) -> String = { String(describing: $0) },
        logger: Logger
    ) {
        self.accounts = accounts
        self.reports = reports
        self.photos = photos
        self.blobs = blobs
        self.links = links ?? CrashLinks(publicURL: publicURL)
        let quotaCheck = QuotaCheck(quotas: quotas, reports: reports, photos: photos, records: records, clock: clock)
        crashIDs = CrashIDIssuing(records: records, quotas: quotaCheck, clock: clock)
        self.messages = messages
        self.clock = clock
        self.scratchFolder = scratchFolder
        self.sms = sms
        worker = JobWorker(
            store: jobStore,
            performer: JobPerformer(
                sms: sms, messages: messages, replies: replyStore, reports: reports, claims: claims, accounts: accounts, photos: photos, links: self.links, webhook: webhook,
                clock: clock, logger: logger
            ),
            clock: clock,
            longestPause: retryPause, giveUpAfter: giveUpAfter, concurrency: jobConcurrency, describe: describeFailure, logger: logger
        )
        crashEvents = CrashEventIntake(
            accounts: accounts, records: records, issuing: crashIDs, quotas: quotaCheck, worker: worker, links: self.links, clock: clock, logger: logger
        )
        replies = SMSReplies(
            store: replyStore, accounts: accounts, claims: claims, links: self.links, tellsClaimsSystem: webhook != nil, worker: worker, clock: clock,
            key: smsReplyKey, logger: logger
        )
        let pool = RenderPool(capacity: renderConcurrency)
        let rendering = DocumentRendering(
            photos: photos, blobs: blobs, pool: pool, clock: clock, scratchFolder: scratchFolder, seal: seal, logger: logger
        )
        watch = OperationsWatch(
            figures: figures, blobs: blobs, worker: worker, pool: pool, scratchFolder: scratchFolder, clock: clock, hasClaimsSystem: webhook != nil
        )
        submission = ReportSubmission(
            reports: reports, rendering: rendering, blobs: blobs, clock: clock, notifiesInsurer: webhook != nil, worker: worker
        )
        self.sessions = sessions
        statementSharing = StatementSharing(links: statementLinks, reports: reports, clock: clock, worker: worker)
        landing = CrashLanding(records: records, reports: reports, claims: claims, replies: replyStore)
        self.claims = ClaimDesk(claims: claims, accounts: accounts, submission: submission, deliveries: jobStore, clock: clock)
        keeping = ReportKeeping(reports: reports, records: records, quotas: quotaCheck, submission: submission)
        uploads = PhotoUploads(
            index: photos, blobs: blobs, locks: locks, quotas: quotaCheck, clock: clock, logger: logger, arrivals: submission
        )
        erasure = Erasure(accounts: accounts, reports: reports, photos: photos, blobs: blobs, sms: sms, logger: logger)
    }
}
