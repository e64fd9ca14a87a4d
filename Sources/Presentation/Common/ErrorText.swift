import Domain
import Wording
import Foundation

/// The one place that turns errors into the sentences a person reads: what went wrong and what to do.
/// Domain errors and adapters' failures carry facts only; their words are chosen here, one switch per error type.
/// An edge that knows more (the app's own options) may keep `happened(_:)` of a ``StorageFailure`` or a
/// ``RenderFailure`` as the first sentence and give its own advice after it.
public enum ErrorText {
    /// The sentence for any error: the words below for the errors the product knows, else the error's own.
    public static func sentence(for error: any Error) -> String {
        switch error {
        case let error as InputError: sentence(for: error)
        case let error as PhotoError: sentence(for: error)
        case let error as PhotoFileError: sentence(for: error)
        case let error as ReportError: sentence(for: error)
        case let error as ShareError: sentence(for: error)
        case let error as InvalidReportData: sentence(for: error)
        case let error as StatementFieldError: sentence(for: error)
        case let error as PhoneNumberError: FactText.english.sentence(FactText.english.clause(for: error))
        case let error as any StorageFailureReporting: sentence(for: error.storageFailure)
        case let error as any RenderFailureReporting: sentence(for: error.renderFailure)
        case let error as any LocalizedError: error.errorDescription ?? error.localizedDescription
        default: error.localizedDescription
        }
    }

    // MARK: - Domain errors

    /// A typed value that cannot be accepted: what is wrong and what to type.
    public static func sentence(for error: InputError) -> String {
        switch error {
        case let .invalidCrashID(raw, reason):
            "\(LineText.echo(raw)) is not a crash ID: \(reason). Check the link or ID and try again."
        case let .invalidDeepLink(link, reason):
            "“\(link)” is not a Crash Assistant link: \(reason). Use the link from the text message as it came "
                + "(crashassistant://crash/<crash ID> or …/c/<crash ID>), or type the crash ID."
        case let .invalidCoordinate(reason):
            "That location is not valid: \(reason). Give latitude,longitude in decimal degrees, e.g. 47.4979,19.0402."
        case let .addressTooLong(count, limit):
            "The address has \(count) characters; at most \(limit) fit. Shorten it and try again."
        case let .noteTooLong(count, limit):
            "The note has \(count) characters; at most \(limit) fit. Shorten it and try again."
        case let .noteTooLarge(bytes, limit):
            "The note takes \(bytes) bytes; at most \(limit) fit (some characters, such as accented ones written in parts, take several). Shorten it and try again."
        case let .addressTooLarge(bytes, limit):
            "The address takes \(bytes) bytes; at most \(limit) fit (some characters take several). Shorten it and try again."
        case let .noteHasControlCharacter(codePoint):
            "The note holds \(character(codePoint)), which is not plain text. Type the note again as words."
        case let .addressHasControlCharacter(codePoint):
            "The address holds \(character(codePoint)), which is not plain text. Type the address again as words."
        case let .invalidUTCOffset(minutes):
            "An offset of \(minutes) minutes from UTC is not one any place has (at most 18 hours either way). Give the offset as +HH:MM or -HH:MM."
        case .crashTimeInFuture:
            "The crash time is in the future. Give the time the crash happened."
        case let .invalidContentHash(raw):
            "“\(raw)” is not a photo's content hash (64 hexadecimal digits)."
        }
    }

    /// A photo that cannot be added, removed or read: which one, why, and what to do.
    public static func sentence(for error: PhotoError) -> String {
        switch error {
        case let .empty(fileName):
            "“\(fileName)” is empty. Choose the photo file itself."
        case let .tooLarge(fileName, byteCount, limit):
            "“\(fileName)” is \(ByteCountText.describe(byteCount)); a photo may be at most \(ByteCountText.describe(limit)). "
                + "Export a smaller copy (lower resolution or quality) and add that."
        case let .unsupportedFormat(fileName, detected?):
            "“\(fileName)” is a \(detected) file, not a JPEG or PNG photo. Convert it to JPEG or PNG and add it again."
        case let .unsupportedFormat(fileName, nil):
            "“\(fileName)” is not a JPEG or PNG photo. Add a photo in JPEG or PNG format."
        case let .malformed(fileName, reason):
            "“\(fileName)” looks like a photo but is damaged (\(reason)). Copy it from the camera again, or add another photo."
        case let .tooManyPixels(fileName, size, limit):
            "“\(fileName)” is \(size) pixels, more than \(limit / 1_000_000) megapixels. Export a smaller copy and add that."
        case let .unembeddableJPEG(fileName, kind):
            "“\(fileName)” is a \(kind) JPEG, which the report cannot embed. Save it as an RGB JPEG or PNG and add it again."
        case let .sectionFull(section, limit):
            "“\(section.displayName)” already holds \(limit) photos, the most it can. Remove one before adding another."
        case let .duplicate(fileName, section):
            "“\(fileName)” is already in “\(section.displayName)”. Choose a different photo."
        case .notFound:
            "That photo is not in the report. List the section's photos and choose one of their numbers."
        case let .bytesMissing(hash):
            "The photo \(hash.short) is missing from the photo store. Remove it from the report and add it again."
        }
    }

    /// A photo file that cannot be read: the path, why, and what to do.
    public static func sentence(for error: PhotoFileError) -> String {
        switch error {
        case .noPath:
            "Name the photo file to add, e.g. add 1 ~/Pictures/plate.jpg"
        case let .missing(path):
            "There is no file \(LineText.echo(path, limit: 200)). Check the path (quote it if it has spaces) and try again."
        case let .folder(path):
            "\(LineText.echo(path, limit: 200)) is a folder, not a photo. Name a JPEG or PNG file inside it."
        case let .notRegularFile(path):
            "\(LineText.echo(path, limit: 200)) is not a regular file. Name a JPEG or PNG photo file."
        case let .permissionDenied(path):
            "\(LineText.echo(path, limit: 200)) cannot be read: permission denied. Make it readable (chmod u+r) or copy it somewhere you can read."
        case let .cannotOpen(path, reason):
            "\(LineText.echo(path, limit: 200)) cannot be read (\(reason)). Check the file and try again."
        case let .readFailed(path, reason):
            "\(LineText.echo(path, limit: 200)) could not be read (\(reason)). Copy the photo somewhere else and add the copy."
        }
    }

    /// A report that cannot be changed, created or found: why, and what to do.
    public static func sentence(for error: ReportError) -> String {
        switch error {
        case .notFound:
            "That report no longer exists. Open View crash reports to see the ones kept."
        case let .crashIDNotFound(crashID):
            "No report has the crash ID \(crashID). Check the ID in View crash reports."
        case let .readOnly(crashID):
            "Crash report \(crashID) is completed and can no longer be changed. View or share it instead."
        case let .statementSigned(crashID):
            "Both drivers signed the accident statement of \(crashID): it, the injuries and when and where can no longer be changed. Photos and the note still can."
        case .nothingToReport:
            "The report is empty. Choose who was injured, add a photo or write a note first."
        case let .notCompleted(crashID):
            "Crash report \(crashID) is still a draft. Create the crash report first."
        case let .crashIDUnavailable(attempts):
            "No unused crash ID could be issued after \(attempts) tries. Try again."
        case .conflict(_, current: .some):
            "This report was changed elsewhere while you were editing it. Open it again to see the latest version."
        case .conflict(_, current: nil):
            "This report was deleted elsewhere while you were editing it. Open View crash reports to see the ones kept."
        case let .crashIDTaken(crashID, _):
            "Another report already has the crash ID \(crashID). Open that one from View crash reports."
        }
    }

    /// A character that is not plain text, named: `an escape character (U+001B)`.
    public static func character(_ codePoint: UInt32) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let name: String? = switch codePoint {
        case 0x1B: "an escape character"
        case 0x09: "a tab"
        case 0x07: "a bell character"
        case 0x08: "a backspace character"
        case 0x0D: "a carriage return"
        case 0x0A, 0x2028, 0x2029: "a line break"
        case 0x00: "a null character"
        case 0x7F: "a delete character"
        case 0x202A...0x202E, 0x2066...0x2069: "an invisible mark that reorders text"
        default: nil
        }
        return "\(name ?? "a control character") (\(code))"
    }

    /// A statement field's value refused, as the terminal asks for it: yes or no and the point of impact are typed.
    public static func sentence(for error: StatementFieldError) -> String {
        FactText.english.sentence(clause(for: error))
    }

    private static func clause(for error: StatementFieldError) -> String {
        switch error {
        case .notYesOrNo: FactText.english.clause(for: error) + ": type y or n"
        case .notAZone: FactText.english.clause(for: error) + ": type its number, or e.g. front-left, rear"
        default: FactText.english.clause(for: error)
        }
    }

    /// Received or stored report data that breaks a rule: the field and what is wrong with it.
    public static func sentence(for error: InvalidReportData) -> String {
        "\(error.field) \(describe(error.problem))."
    }

    /// What is wrong with a value, to follow its field's name.
    public static func describe(_ problem: InvalidReportData.Problem) -> String {
        switch problem {
        case let .tooMany(count, limit): "has \(count) items; at most \(limit) are allowed"
        case let .tooLong(count, limit): "has \(count) characters; at most \(limit) are allowed"
        case let .tooLarge(bytes, limit): "takes \(bytes) bytes; at most \(limit) are allowed"
        case let .controlCharacter(codePoint): "holds \(character(codePoint)); only plain text is allowed"
        case let .duplicate(value): "holds \(value) twice; each may appear once"
        case let .outOfRange(value, allowed): "is \(value), outside \(allowed.lowerBound)–\(allowed.upperBound)"
        case let .negative(value): "is \(value); it may not be negative"
        case let .invalid(value): "cannot be “\(value)”"
        case let .breaksRule(rule): "is refused: \(clause(for: rule))"
        case .spacesAround: "has spaces before or after it"
        case let .characterNotAllowed(code): "holds \(character(code)), which it may not"
        case .missing: "is missing"
        case .unexpected: "must not be given here"
        }
    }

    /// A report that cannot be written where asked: the path, why, and what to do.
    public static func sentence(for error: ShareError) -> String {
        switch error {
        case let .destinationExists(path):
            "\(path) already exists."
        case let .destinationIsDirectory(path):
            "\(path) is a folder. Give a file name inside it, e.g. \(path)/crash-report.pdf."
        case let .folderMissing(path):
            "The folder for \(path) does not exist. Create it first or choose another place."
        case let .notWritable(path, reason):
            "Could not write \(path) (\(reason)). Choose a place you can write to."
        case let .wrongExtension(path, expected):
            "\(path) would hold a \(expected.uppercased()) document under another format's name, and would not open as one. Give a name ending in .\(expected)."
        }
    }

    // MARK: - Storage failures

    /// What happened to the storage and what to do.
    public static func sentence(for failure: StorageFailure) -> String {
        happened(failure) + " " + advice(failure)
    }

    /// What happened to the storage, naming the file or folder.
    public static func happened(_ failure: StorageFailure) -> String {
        let path = failure.path
        let cause = failure.cause
        return switch failure.kind {
        case .noLocation:
            "No folder for the reports is known: HOME is not set."
        case .folderNotCreatable:
            "The folder \(path) cannot be created (\(cause))."
        case .folderNotWritable:
            "Nothing can be written in the folder \(path) (\(cause))."
        case .notADatabase:
            "The file \(path) is not a usable crash-assistant database (\(cause)). It was left untouched."
        case .foreignDatabase:
            "The file \(path) is a database of another program, so crash-assistant will not change it."
        case let .newerLayout(found, supported):
            "The database \(path) was written by a newer crash-assistant (layout \(found); this one knows up to "
                + "\(supported)). It was left untouched."
        case .damagedRecord:
            "A report stored in \(path) cannot be read (\(cause))."
        case .busy:
            "The database \(path) is busy: another program is writing to it."
        case .diskFull:
            "The disk holding \(path) is full, so the change was not saved."
        case .damaged:
            "The database \(path) is damaged (\(cause))."
        case .notWritable:
            "The database \(path) cannot be written (\(cause))."
        case .readWrite:
            "Reading or writing the database \(path) failed (\(cause))."
        case let .photoFile(operation):
            "Could not \(operation) the photo file \(path) (\(cause))."
        case let .other(code):
            "The database \(path) reported an error: \(cause) (SQLite code \(code))."
        }
    }

    /// What to do about it, in words that hold wherever the storage is chosen.
    public static func advice(_ failure: StorageFailure) -> String {
        switch failure.kind {
        case .noLocation:
            "Set HOME."
        case .folderNotCreatable:
            "Fix the path so every part of it is a folder you can write to."
        case .folderNotWritable:
            "Make it writable."
        case .notADatabase:
            "Move it aside (keep a copy)."
        case .foreignDatabase:
            "Choose another file."
        case .newerLayout:
            "Update crash-assistant."
        case .damagedRecord:
            "Move the database aside (keep a copy) and start again."
        case .busy:
            "Wait a moment and try again."
        case .diskFull:
            "Free some space and try again."
        case .damaged:
            "Move it aside, keeping a copy, and start crash-assistant again to begin a new one."
        case .notWritable:
            "Check that the file and its folder are writable."
        case .readWrite:
            "Check the disk and try again."
        case .photoFile:
            "Check that the disk has free space and the folder is writable, then try again."
        case .other:
            "Try again."
        }
    }

    // MARK: - Render failures

    /// What went wrong while making the document and what to do.
    public static func sentence(for failure: RenderFailure) -> String {
        happened(failure) + " " + advice(failure)
    }

    /// What went wrong while making the document.
    public static func happened(_ failure: RenderFailure) -> String {
        switch failure {
        case let .drawingFailed(step, cause):
            "The PDF could not be made: \(step) failed (\(cause))."
        case let .photoUnreadable(fileName, cause):
            "The photo “\(fileName)” could not be placed in the PDF (\(cause))."
        case let .fontMissing(needed, found):
            "The PDF needs the \(needed) font, but the system offers “\(found)” instead."
        case let .libraryMissing(library, cause):
            "The PDF cannot be made: its drawing library \(library) cannot be loaded (\(cause))."
        }
    }

    /// What to do about it.
    public static func advice(_ failure: RenderFailure) -> String {
        switch failure {
        case .drawingFailed:
            "Try again; if it keeps failing, remove the largest photos and create the report again."
        case .photoUnreadable:
            "Remove it from the report, add it again, and create the report again."
        case .fontMissing, .libraryMissing:
            "Install it and try again."
        }
    }
}
