import AppData
import Data
import Domain
import Presentation
import WireAPI

/// The app's words for errors: ``ErrorText``'s, with the advice only the app can give — its own options
/// (`--database FILE`, `CRASH_ASSISTANT_DATABASE`) for where the data lives, and how to install the PDF's font.
enum AppErrorText {
    /// The sentence the app prints for an error.
    static func sentence(for error: any Error) -> String {
        if let failure = (error as? any StorageFailureReporting)?.storageFailure, let advice = advice(failure) {
            return ErrorText.happened(failure) + " " + advice
        }
        if let failure = (error as? any RenderFailureReporting)?.renderFailure, let advice = advice(failure) {
            return ErrorText.happened(failure) + " " + advice
        }
        if let failure = error as? ServerFailure { return sentence(for: failure) }
        return ErrorText.sentence(for: error)
    }

    /// What went wrong with the server, and that nothing entered here is lost.
    static func sentence(for failure: ServerFailure) -> String {
        switch failure {
        case let .unreachable(server, reason):
            "The server \(server) cannot be reached (\(reason)); your report is saved on this device and will be sent when the connection returns."
        case let .tokenRefused(server):
            "The server \(server) refused the token. Check --token (or \(StorageOptions.tokenVariable)); your reports stay on this device until it is right."
        case let .refused(status, type, detail, _):
            refusal(status, type, detail)
        case let .busy(server, retryAfter):
            "The server \(server) asks to wait \(retryAfter) seconds before more is sent; your report is saved on this device and sent then."
        case let .serverError(server, status):
            "The server \(server) failed (HTTP \(status)); your report is saved on this device and will be sent when it works again."
        case let .otherAccount(bound, reached):
            SyncText.otherAccount(bound: bound, reached: reached)
        case let .localStore(reason):
            "Nothing was sent: \(reason). Your reports are kept on this device."
        case let .invalidAnswer(server, reason):
            "The server \(server) answered something the app cannot use: \(reason). Your report is saved on this device."
        }
    }

    /// A refusal that stopped sending, by its problem type; the server's own words only for one this app does not know.
    private static func refusal(_ status: Int, _ type: ProblemType?, _ detail: String) -> String {
        let kept = " Everything stays on this device."
        return switch type {
        case .notAPhoto?, .hashMismatch?:
            "The server would not take a photo from this device: its bytes are not a photo the server accepts, or not the ones the report names." + kept
        case .photosMissing?:
            "The server does not hold every photo of a completed report yet; they are sent again at the next sync." + kept
        case .uploadOffsetMismatch?, .uploadNotFound?:
            "A photo upload got out of step with the server; it starts again at the next sync." + kept
        case .quotaExceeded?:
            "The server keeps as much of yours as it allows, so it takes nothing more. Delete drafts you no longer need, or ask the server's operator." + kept
        case .storageFull?:
            "The server cannot store anything now: its disk is full. The app sends it again at a later sync." + kept
        case .bodyTooLarge?:
            "The server takes nothing larger than 20 MiB at once." + kept
        case .invalidReport?, .invalidParameter?, .invalidRequest?:
            "The server refused what this app sent as not valid (an update of the app may be needed)." + kept
        default:
            "The server refused the request (HTTP \(status)): “\(detail.prefix(300))”." + kept
        }
    }

    // MARK: - Advice naming the app's options

    private static func advice(_ failure: StorageFailure) -> String? {
        switch failure.kind {
        case .noLocation:
            "Give --database FILE, or set \(StorageOptions.databaseVariable) or HOME."
        case .folderNotCreatable:
            "Choose another place with --database FILE, or fix the path so every part of it is a folder you can write to."
        case .folderNotWritable:
            "Make it writable, or choose another place with --database FILE."
        case .notADatabase:
            "Move it aside (keep a copy), or choose another file with --database FILE."
        case .foreignDatabase:
            "Choose another file with --database FILE."
        case .newerLayout:
            "Update crash-assistant, or choose another file with --database FILE."
        case .damagedRecord:
            "Move the database aside (keep a copy) and start again, or choose another file with --database FILE."
        case .busy, .diskFull, .damaged, .notWritable, .readWrite, .photoFile, .other:
            nil
        }
    }

    private static func advice(_ failure: RenderFailure) -> String? {
        switch failure {
        case .fontMissing:
            "Install it (apt-get install fonts-dejavu-core, or run make deps) and try again."
        case .libraryMissing:
            "Install it (apt-get install libcairo2, or run make deps) and try again; everything else works without it."
        case .drawingFailed, .photoUnreadable:
            nil
        }
    }
}
