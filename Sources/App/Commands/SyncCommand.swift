import ArgumentParser
import Data
import Domain
import Presentation
import Wording

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
            let words = environment.wiring.words
            guard let sync = environment.sync else {
                Console.standardError(words(
                    "sync needs a server: give --server URL and --token TOKEN (or set {serverVariable} and {tokenVariable}).",
                    ["serverVariable": StorageOptions.serverVariable, "tokenVariable": StorageOptions.tokenVariable]
                ))
                throw ExitCode(ExitStatus.config)
            }
            // The photos go after the reports, smallest first: after each one, how much is left and at what pace.
            let updates = await sync.statusUpdates()
            let watcher = Task {
                var shown = 0
                for await status in updates {
                    guard let upload = status.photoUpload, upload.sent > shown, upload.sent < upload.total else { continue }
                    shown = upload.sent
                    Console.standardOutput(words("Photos sent: {sent} of {total}; {progress}.", [
                        "sent": words.number(upload.sent), "total": words.number(upload.total),
                        "progress": SyncStatusUiModel.photoUpload(upload, words: words),
                    ]))
                }
            }
            let pass = await sync.syncOnce()
            watcher.cancel()
            // What this pass did, and what earlier passes (a run quit before showing it) kept for the driver.
            let notices = await sync.currentStatus.notices
            for line in Self.lines(for: pass, notices: notices, words: words) { Console.standardOutput(line) }
            await sync.noticesShown(notices)
            if let failure = pass.failure {
                Console.standardError(AppErrorText.sentence(for: failure, words: words))
                throw ExitCode(ExitStatus.of(failure))
            }
        }
    }

    /// What the pass did, and the notices not shown yet, one line each.
    static func lines(for pass: SyncPass, notices: [SyncNotice], words: Words) -> [String] {
        var lines: [String] = []
        let moved = pass.photosUploaded + pass.reportsSent + pass.deletionsSent + pass.reportsReceived + pass.photosDownloaded
            + pass.documentsReceived + pass.reportsRemoved
        let waiting = SyncStatusUiModel.waiting(photos: pass.waitingPhotos, reports: pass.waitingReports, words: words)
        // A pass that failed before moving anything has nothing to count: its failure says what happened.
        guard pass.failure == nil || moved > 0 else {
            lines += notices.map { SyncText.sentence(for: $0, words: words) }
            if let waiting { lines.append(words("Waiting on this device: {waiting}.", ["waiting": waiting])) }
            return lines
        }
        var sent = [
            pass.photosResumed > 0
                ? words.plural(
                    "{count} photo ({resumed} resumed)", "{count} photos ({resumed} resumed)",
                    count: pass.photosUploaded, ["resumed": words.number(pass.photosResumed)]
                )
                : words.plural("{count} photo", "{count} photos", count: pass.photosUploaded),
            words.plural("{count} report", "{count} reports", count: pass.reportsSent),
        ]
        if pass.deletionsSent > 0 { sent.append(words.plural("{count} deletion", "{count} deletions", count: pass.deletionsSent)) }
        lines.append(words("Sent: {items}.", ["items": list(sent, words)]))
        var received = [
            words.plural("{count} report", "{count} reports", count: pass.reportsReceived),
            words.plural("{count} photo", "{count} photos", count: pass.photosDownloaded),
            words.plural("{count} PDF", "{count} PDFs", count: pass.documentsReceived),
        ]
        if pass.reportsRemoved > 0 {
            received.append(words.plural("{count} deleted report", "{count} deleted reports", count: pass.reportsRemoved))
        }
        lines.append(words("Received: {items}.", ["items": list(received, words)]))
        lines += notices.map { SyncText.sentence(for: $0, words: words) }
        if let waiting {
            lines.append(words("Waiting on this device: {waiting}.", ["waiting": waiting]))
        } else if pass.failure == nil {
            lines.append(words("All sent."))
        }
        return lines
    }

    /// Counted items one after another: `2 photos, 1 report`.
    private static func list(_ items: [String], _ words: Words) -> String {
        items.joined(separator: words(", ", context: "between the items of a list"))
    }
}
