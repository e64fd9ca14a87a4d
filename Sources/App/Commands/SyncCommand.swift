import AppData
import ArgumentParser
import Data
import Domain
import Presentation

/// `crash-assistant sync`: sends what waits to the server and brings back what changed there, once, and says what
/// it did (for scripts: the status tells whether everything was sent).
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send what waits to the server and bring back what changed there, once.",
        discussion: """
            Needs a server (--server URL and --token TOKEN, or their environment variables). Ends with status 0 when \
            everything was sent, 69 when the server cannot be reached (nothing is lost: it is sent next time), \
            77 when it refuses the token.
            """
    )

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        try await storage.withEnvironment { environment in
            guard let sync = environment.sync else {
                Console.standardError("sync needs a server: give --server URL and --token TOKEN (or set \(StorageOptions.serverVariable) and \(StorageOptions.tokenVariable)).")
                throw ExitCode(ExitStatus.config)
            }
            let pass = await sync.syncOnce()
            // What this pass did, and what earlier passes (a run quit before showing it) kept for the driver.
            let notices = await sync.currentStatus.notices
            for line in Self.lines(for: pass, notices: notices) { Console.standardOutput(line) }
            await sync.noticesShown(notices)
            if let failure = pass.failure {
                Console.standardError(AppErrorText.sentence(for: failure))
                throw ExitCode(ExitStatus.of(failure))
            }
        }
    }

    /// What the pass did, and the notices not shown yet, one line each.
    static func lines(for pass: SyncPass, notices: [SyncNotice]) -> [String] {
        func count(_ number: Int, _ noun: String) -> String { number == 1 ? "1 \(noun)" : "\(number) \(noun)s" }
        var lines: [String] = []
        let moved = pass.photosUploaded + pass.reportsSent + pass.deletionsSent + pass.reportsReceived + pass.photosDownloaded
            + pass.documentsReceived + pass.reportsRemoved
        // A pass that failed before moving anything has nothing to count: its failure says what happened.
        guard pass.failure == nil || moved > 0 else {
            lines += notices.map(SyncText.sentence(for:))
            if let waiting = SyncStatusUiModel.waiting(photos: pass.waitingPhotos, reports: pass.waitingReports) {
                lines.append("Waiting on this device: \(waiting).")
            }
            return lines
        }
        var sent = ["\(count(pass.photosUploaded, "photo"))" + (pass.photosResumed > 0 ? " (\(pass.photosResumed) resumed)" : ""),
                    count(pass.reportsSent, "report")]
        if pass.deletionsSent > 0 { sent.append(count(pass.deletionsSent, "deletion")) }
        lines.append("Sent: " + sent.joined(separator: ", ") + ".")
        var received = [count(pass.reportsReceived, "report"), count(pass.photosDownloaded, "photo"), count(pass.documentsReceived, "PDF")]
        if pass.reportsRemoved > 0 { received.append(count(pass.reportsRemoved, "deleted report")) }
        lines.append("Received: " + received.joined(separator: ", ") + ".")
        lines += notices.map(SyncText.sentence(for:))
        if let waiting = SyncStatusUiModel.waiting(photos: pass.waitingPhotos, reports: pass.waitingReports) {
            lines.append("Waiting on this device: \(waiting).")
        } else if pass.failure == nil {
            lines.append("All sent.")
        }
        return lines
    }
}
