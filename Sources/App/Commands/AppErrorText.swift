import Data
import Domain
import Presentation
import WireAPI
import Wording

/// The app's words for errors: ``ErrorText``'s, with the advice only the app can give — its own options
/// (`--database FILE`, `CRASH_ASSISTANT_DATABASE`) for where the data lives, and how to install the PDF's fonts and
/// libraries.
enum AppErrorText {
    /// The sentence the app prints for an error.
    static func sentence(for error: any Error, words: Words) -> String {
        if let failure = (error as? any StorageFailureReporting)?.storageFailure, let advice = advice(failure, words: words) {
            return ErrorText.happened(failure, words: words) + " " + advice
        }
        if let failure = (error as? any RenderFailureReporting)?.renderFailure, let advice = advice(failure, words: words) {
            return ErrorText.happened(failure, words: words) + " " + advice
        }
        if let failure = error as? ServerFailure { return sentence(for: failure, words: words) }
        return ErrorText.sentence(for: error, words: words)
    }

    /// What went wrong with the server, and that nothing entered here is lost.
    static func sentence(for failure: ServerFailure, words: Words) -> String {
        switch failure {
        case let .unreachable(server, reason):
            words(
                "The server {server} cannot be reached ({reason}); your report is saved on this device and will be sent when the connection returns.",
                ["server": server, "reason": reason]
            )
        case let .tokenRefused(server):
            words(
                "The server {server} refused the token. Check --token (or {variable}); your reports stay on this device until it is right.",
                ["server": server, "variable": StorageOptions.tokenVariable]
            )
        case let .refused(status, type, detail, _):
            refusal(status, type, detail, words: words)
        case let .busy(server, retryAfter):
            words.plural(
                "The server {server} asks to wait {count} second before more is sent; your report is saved on this device and sent then.",
                "The server {server} asks to wait {count} seconds before more is sent; your report is saved on this device and sent then.",
                count: retryAfter, ["server": server, "count": String(retryAfter)]
            )
        case let .serverError(server, status):
            words(
                "The server {server} failed (HTTP {status}); your report is saved on this device and will be sent when it works again.",
                ["server": server, "status": String(status)]
            )
        case let .otherAccount(bound, reached):
            SyncText.otherAccount(bound: bound, reached: reached, words: words)
        case let .notADriversToken(account, kind):
            SyncText.notADriversToken(account, kind: kind, words: words)
        case let .localStore(reason):
            words("Nothing was sent: {reason}. Your reports are kept on this device.", ["reason": reason])
        case let .invalidAnswer(server, reason):
            words(
                "The server {server} answered something the app cannot use: {reason}. Your report is saved on this device.",
                ["server": server, "reason": reason]
            )
        }
    }

    /// A refusal that stopped sending, by its problem type; the server's own words only for one this app does not know.
    private static func refusal(_ status: Int, _ type: ProblemType?, _ detail: String, words: Words) -> String {
        switch type {
        case .notAPhoto?, .hashMismatch?:
            words("The server would not take a photo from this device: its bytes are not a photo the server accepts, or not the ones the report names. Everything stays on this device.")
        case .photosMissing?:
            words("The server does not hold every photo of a completed report yet; they are sent again at the next sync. Everything stays on this device.")
        case .uploadOffsetMismatch?, .uploadNotFound?:
            words("A photo upload got out of step with the server; it starts again at the next sync. Everything stays on this device.")
        case .quotaExceeded?:
            words("The server keeps as much of yours as it allows, so it takes nothing more. Delete drafts you no longer need, or ask the server's operator. Everything stays on this device.")
        case .storageFull?:
            words("The server cannot store anything now: its disk is full. The app sends it again at a later sync. Everything stays on this device.")
        case .bodyTooLarge?:
            words("The server takes nothing larger than 20 MiB at once. Everything stays on this device.")
        case .invalidReport?, .invalidParameter?, .invalidRequest?:
            words("The server refused what this app sent as not valid (an update of the app may be needed). Everything stays on this device.")
        default:
            words(
                "The server refused the request (HTTP {status}): “{detail}”. Everything stays on this device.",
                ["status": String(status), "detail": String(detail.prefix(300))]
            )
        }
    }

    // MARK: - Advice naming the app's options

    private static func advice(_ failure: StorageFailure, words: Words) -> String? {
        switch failure.kind {
        case .noLocation:
            words("Give --database FILE, or set {variable} or {home}.", ["variable": StorageOptions.databaseVariable, "home": "HOME"])
        case .folderNotCreatable:
            words("Choose another place with --database FILE, or fix the path so every part of it is a folder you can write to.")
        case .folderNotWritable:
            words("Make it writable, or choose another place with --database FILE.")
        case .notADatabase:
            words("Move it aside (keep a copy), or choose another file with --database FILE.")
        case .foreignDatabase:
            words("Choose another file with --database FILE.")
        case .newerLayout:
            words("Update crash-assistant, or choose another file with --database FILE.")
        case .damagedRecord:
            words("Move the database aside (keep a copy) and start again, or choose another file with --database FILE.")
        case .busy, .diskFull, .damaged, .notWritable, .readWrite, .photoFile, .other:
            nil
        }
    }

    /// The Debian package that installs a drawing library the PDF needs.
    private static func debianPackage(of library: String) -> String {
        switch library {
        case "libpangocairo-1.0.so.0": "libpangocairo-1.0-0"
        case "libpango-1.0.so.0": "libpango-1.0-0"
        case "libgobject-2.0.so.0": "libglib2.0-0"
        default: "libcairo2"
        }
    }

    private static func advice(_ failure: RenderFailure, words: Words) -> String? {
        switch failure {
        case .fontMissing:
            words("Install it ({install}, or run {deps}) and try again.", ["install": "apt-get install fonts-dejavu-core", "deps": "make deps"])
        case let .charactersWithoutFont(characters):
            words.plural(
                "Install the fonts ({install}, or run {deps}), or remove it from the report, and try again.",
                "Install the fonts ({install}, or run {deps}), or remove them from the report, and try again.",
                count: characters.count, ["install": "apt-get install fonts-noto-core fonts-noto-cjk fonts-symbola", "deps": "make deps"]
            )
        case let .libraryMissing(library, _):
            words(
                "Install it ({install}, or run {deps}) and try again; everything else works without it.",
                ["install": "apt-get install \(debianPackage(of: library))", "deps": "make deps"]
            )
        case .drawingFailed, .photoUnreadable:
            nil
        }
    }
}
