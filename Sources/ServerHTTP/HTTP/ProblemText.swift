import Domain
import Wording
import Foundation
import ServerCore

/// The server's words for the facts Domain and Data report: the `detail` of a problem, written for the programs and
/// people using the API, and the sentences the server's commands print for its operator. (The app words the same
/// facts for the driver, on its own side.)
package enum ProblemText {
    // MARK: - For API clients

    /// A report that breaks a rule: the field and what is wrong with it.
    package static func sentence(for error: InvalidReportData) -> String {
        let problem = switch error.problem {
        case let .tooMany(count, limit): "has \(count) items; at most \(limit) are allowed"
        case let .tooLong(count, limit): "has \(count) characters; at most \(limit) are allowed"
        case let .tooLarge(bytes, limit): "takes \(bytes) UTF-8 bytes; at most \(limit) are allowed"
        case let .controlCharacter(code): "holds the control character \(codePoint(code)); only plain text is allowed"
        case let .duplicate(value): "holds \(value) twice; each may appear once"
        case let .outOfRange(value, allowed): "is \(value), outside \(allowed.lowerBound)–\(allowed.upperBound)"
        case let .negative(value): "is \(value); it may not be negative"
        case let .invalid(value): "cannot be “\(value.prefix(80))”"
        case let .breaksRule(rule): "is refused: \(FactText.english.clause(for: rule))"
        case .spacesAround: "has spaces before or after it"
        case let .characterNotAllowed(code): "holds the character \(codePoint(code)), which it may not"
        case .missing: "is missing"
        case .unexpected: "must not be given here"
        case .serverOnly: "is recorded by the server alone, from the other driver's own link (a signature verified by a texted code, their credit for a column, their decline, the account a signature names); send it only as the server holds it"
        }
        return "\(error.field) \(problem)."
    }

    /// A claim number or message a handler typed that breaks its rule, in the handler's words (`field`:
    /// `claimNumber`, `message`).
    package static func acknowledgementSentence(for problem: InvalidReportData.Problem, field: String) -> String {
        switch problem {
        case .missing: "Give the \(field)."
        case let .tooLong(count, limit): "The \(field) has \(count) characters; at most \(limit) are taken."
        case let .tooLarge(bytes, limit): "The \(field) has \(bytes) bytes; at most \(limit) are taken."
        case let .controlCharacter(code): "The \(field) holds the control character \(codePoint(code)); give plain text."
        case .spacesAround: "The \(field) has spaces before or after it; give it without."
        case let .characterNotAllowed(code): "The \(field) holds the character \(codePoint(code)); letters, digits, spaces and - / . _ # only."
        default: "The \(field) is not one the server takes."
        }
    }

    /// What is wrong with a claim's status step, naming the field.
    package static func statusSentence(for error: InvalidReportData) -> String {
        let field = String(error.field.dropFirst("status.".count))
        return switch error.problem {
        case .missing: "A \(field) is needed for this status."
        case .unexpected: "This status takes no \(field); leave it out."
        case let .outOfRange(value, allowed): "The \(field) is \(value); give a whole number from \(allowed.lowerBound) to \(allowed.upperBound)."
        case let .invalid(rule): "The \(field) is not one the server takes: \(rule)."
        default: acknowledgementSentence(for: error.problem, field: field)
        }
    }

    /// What the server's own rules refused (``ServerRefusal``), and what to do.
    package static func sentence(for refusal: ServerRefusal) -> String {
        switch refusal {
        case let .unknownUser(name):
            "No user is named “\(name.prefix(100))”. Add them with `crash-assistant-server user add NAME`."
        case let .unknownReference(.customer(text)):
            "No user has the customer reference “\(text.prefix(64))”. Give it with `crash-assistant-server user set-reference NAME --customer …`."
        case let .unknownReference(.policy(text)):
            "No user has the policy reference “\(text.prefix(64))”. Give it with `crash-assistant-server user set-reference NAME --policy …`."
        case let .ambiguousReference(reference):
            "Several users share the policy reference “\(reference.text.prefix(64))”. Name the driver by `user` or `customerReference` instead."
        case .detectedInFuture:
            "detectedAt lies in the future; send the time the crash was detected."
        case let .hashMismatch(expected, actual):
            "The bytes' SHA-256 is \(actual.hex), not the \(expected.hex) in the path. Nothing was stored; upload the photo again from the start."
        case let .noUpload(hash):
            "There is no partial upload of \(hash.short)… to continue. Start it with PUT."
        case let .offsetMismatch(held, given, whole):
            whole
                ? "The photo is stored whole already (\(held) bytes); there is nothing to append."
                : "Upload-Offset \(given) is not where the upload stands: it holds \(held) bytes. Send the rest from there."
        case let .pastEnd(length):
            "The bytes go past the photo's length of \(length) bytes (its first request's Content-Length)."
        case let .rateLimited(what, limit, retryAfter):
            "You have reached the most \(what) this server allows (\(limit) per period). Ask again after \(retryAfter) seconds."
        case let .busy(what, limit, retryAfter):
            "You have \(limit) \(what) already, the most this server takes from one account at once. Ask again after \(retryAfter) seconds."
        case let .quotaExceeded(what, limit):
            "You keep as many \(what) as this server allows you (\(limit)). Delete drafts you no longer need, or ask the operator."
        case let .idempotencyKeyReused(eventID):
            "The event id “\(eventID.prefix(128))” was received before with a different event; nothing was done. Give each event its own eventId (and Idempotency-Key)."
        case let .crashIDNotIssued(crashID):
            "The crash ID \(crashID) was not issued to you. Use one this server issued to you, or the app's local form (CR-…), which is replaced at the first save."
        case .accountGone:
            "The account of this token was erased, so nothing was stored. Ask the operator for a new account."
        case let .claimNotFound(id):
            claimNotFound(id.description)
        case let .invalidAcknowledgement(error):
            acknowledgementSentence(for: error.problem, field: String(error.field.dropFirst("acknowledgement.".count)))
        case let .invalidClaimStatus(error):
            statusSentence(for: error)
        case let .linkToCompletedReport(crashID):
            "The report \(crashID) is completed; the other driver can no longer add to it."
        case let .noStatementWith(party, crashID):
            "The report \(crashID), as this server holds it, has no other motor vehicle \(party). Send the report first (sync), then ask for the link again."
        case .keptChanging:
            "The report kept changing while your part was stored. Send the form again."
        case .statementLinkGone:
            "This link was removed while its copy was being drawn."
        case .statementSigned:
            statementSignedSentence
        case let .photosMissing(_, missing):
            "\(missing.count) of the report's photos are not uploaded yet. Upload each by its SHA-256, then try again."
        }
    }

    /// No claim has this id.
    package static func claimNotFound(_ id: String) -> String {
        "No submitted report has the claim id \(id.prefix(64)). List the claims for their ids."
    }

    /// No route at the path asked for.
    package static let noRoute = "There is nothing at this path. The routes are listed in the API document."
    /// What went wrong is the server's own.
    package static let internalError = "The server could not complete the request. Try again later."
    /// The blob store does not answer.
    package static let storageUnreachable = "The server cannot reach its storage now. Try again later."

    /// `U+001B`
    package static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A value that breaks a rule of its own.
    package static func sentence(for error: InputError) -> String {
        switch error {
        case let .invalidCrashID(raw, reason): "“\(raw.prefix(80))” is not a crash ID: \(reason)."
        case let .invalidDeepLink(link, reason): "“\(link.prefix(80))” is not a crash link: \(reason)."
        case let .invalidCoordinate(reason): "The coordinate is not valid: \(reason)."
        case let .addressTooLong(count, limit): "The address has \(count) characters; at most \(limit) are allowed."
        case let .noteTooLong(count, limit): "The note has \(count) characters; at most \(limit) are allowed."
        case let .noteTooLarge(bytes, limit): "The note takes \(bytes) UTF-8 bytes; at most \(limit) are allowed."
        case let .addressTooLarge(bytes, limit): "The address takes \(bytes) UTF-8 bytes; at most \(limit) are allowed."
        case let .noteHasControlCharacter(code): "The note holds the control character \(codePoint(code)); only plain text is allowed."
        case let .addressHasControlCharacter(code): "The address holds the control character \(codePoint(code)); only plain text is allowed."
        case .crashTimeInFuture: "The crash time lies in the future."
        case let .invalidUTCOffset(minutes): "An offset of \(minutes) minutes from UTC is outside −1080…1080."
        case let .invalidContentHash(raw): "“\(raw.prefix(80))” is not a SHA-256 (64 hexadecimal digits)."
        }
    }

    /// Uploaded bytes the server does not take as a photo.
    package static func sentence(for error: PhotoError) -> String {
        switch error {
        case .empty: "The body is empty; send the photo's bytes."
        case let .tooLarge(_, byteCount, limit): "The photo has \(byteCount) bytes; at most \(limit) are allowed."
        case let .unsupportedFormat(_, detected?): "The bytes are a \(detected.rawValue) file, not a JPEG or PNG photo."
        case .unsupportedFormat(_, nil): "The bytes are not a JPEG or PNG photo."
        case let .malformed(_, reason): "The bytes look like a photo but are damaged (\(reason))."
        case let .tooManyPixels(_, size, limit): "The photo is \(size) pixels; at most \(limit) pixels are allowed."
        case let .unembeddableJPEG(_, kind): "The photo is a \(kind) JPEG, which a report cannot embed; send an RGB JPEG or a PNG."
        case let .sectionFull(section, limit): "The section \(section.rawValue) holds \(limit) photos, the most it can."
        case let .duplicate(_, section): "The photo is in the section \(section.rawValue) already."
        case let .notFound(id): "The report has no photo \(id)."
        case let .bytesMissing(hash): "The server holds no photo with SHA-256 \(hash.hex)."
        }
    }

    /// A save that would change a statement both drivers signed.
    package static let statementSignedSentence =
        "Both drivers signed the accident statement as it is, so its front side, the injuries and when and where can no longer change. Nothing was stored; take them from `current` and send the rest again."

    /// A report the server cannot change or find.
    package static func sentence(for error: ReportError) -> String {
        switch error {
        case let .notFound(id): "You have no report \(id)."
        case let .crashIDNotFound(crashID): "You have no report with the crash ID \(crashID)."
        case let .readOnly(crashID): "Crash report \(crashID) is completed, so it can no longer be changed or deleted."
        case .statementSigned: statementSignedSentence
        case .nothingToReport: "The report is empty: choose who was injured, add a photo or write a note before completing it."
        case let .notCompleted(crashID): "Crash report \(crashID) is still a draft; submit it first."
        case let .timelineFull(crashID): "The claim of crash report \(crashID) holds \(ClaimStatusUpdate.timelineLimit) status updates, as many as it keeps."
        case let .crashIDUnavailable(attempts): "No unused crash ID could be issued after \(attempts) tries. Try again."
        case let .conflict(id, current?):
            "Report \(id) was changed since it was read (it is at revision \(current.revision) now). Nothing was stored; merge your change into `current` and send it with that revision."
        case let .conflict(id, nil): "Report \(id) was deleted since it was read. Nothing was stored."
        case let .crashIDTaken(crashID, holder):
            "Your report \(holder.id) carries the crash ID \(crashID) already, and a crash ID names one report. Nothing was stored; merge this report into `current` and save it under that report's id."
        }
    }

    // MARK: - For the operator

    /// What happened to the server's own storage, naming the file or folder, and what to do.
    package static func sentence(for failure: StorageFailure) -> String {
        let path = failure.path
        let cause = failure.cause
        return switch failure.kind {
        case .noLocation: "No data folder is known: HOME is not set. Set HOME or give --data DIR."
        case .folderNotCreatable: "The folder \(path) cannot be created (\(cause)). Give --data a folder the server may create."
        case .folderNotWritable: "Nothing can be written in the folder \(path) (\(cause)). Make it writable for the server's user."
        case .notADatabase: "The file \(path) is not a usable database (\(cause)); it was left untouched. Move it aside."
        case .foreignDatabase: "The file \(path) is another program's database; it was left untouched. Give another --data folder."
        case let .newerLayout(found, supported):
            "The database \(path) was written by a newer server (layout \(found); this one knows up to \(supported)); it was left untouched. Update the server."
        case .damagedRecord: "A record in \(path) cannot be read (\(cause))."
        case .busy: "The database \(path) is busy: another program holds it. Stop the other server first."
        case .diskFull: "The disk holding \(path) is full. Free some space."
        case .damaged: "The database \(path) is damaged (\(cause)). Restore it from a backup."
        case .notWritable: "The database \(path) cannot be written (\(cause)). Check the permissions of the file and its folder."
        case .readWrite: "Reading or writing \(path) failed (\(cause)). Check the disk."
        case let .photoFile(operation): "Could not \(operation) the file \(path) (\(cause))."
        case let .other(code): "The database \(path) reported an error: \(cause) (SQLite code \(code))."
        }
    }

    /// Any error the server's commands end with, in the operator's words.
    package static func sentence(for error: any Error) -> String {
        switch error {
        case let error as any StorageFailureReporting: sentence(for: error.storageFailure)
        case let error as InvalidReportData: sentence(for: error)
        case let error as InputError: sentence(for: error)
        case let error as ReportError: sentence(for: error)
        case let error as PhotoError: sentence(for: error)
        case let error as any LocalizedError: error.errorDescription ?? error.localizedDescription
        default: String(describing: error)
        }
    }
}
