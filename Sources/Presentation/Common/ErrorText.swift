import Domain
import Wording
import Foundation

/// The one place that turns errors into the sentences a person reads: what went wrong and what to do.
/// Domain errors and adapters' failures carry facts only; their words are chosen here, one switch per error type.
/// An edge that knows more (the app's own options) may keep `happened(_:words:)` of a ``StorageFailure`` or a
/// ``RenderFailure`` as the first sentence and give its own advice after it.
public enum ErrorText {
    /// The sentence for any error: the words below for the errors the product knows, else the error's own.
    public static func sentence(for error: any Error, words: Words) -> String {
        switch error {
        case let error as InputError: sentence(for: error, words: words)
        case let error as PhotoError: sentence(for: error, words: words)
        case let error as PhotoFileError: sentence(for: error, words: words)
        case let error as ReportError: sentence(for: error, words: words)
        case let error as ShareError: sentence(for: error, words: words)
        case let error as InvalidReportData: sentence(for: error, words: words)
        case let error as StatementFieldError: sentence(for: error, words: words)
        case let error as PartyError: FactText(words).sentence(FactText(words).clause(for: error))
        case let error as PhoneNumberError: FactText(words).sentence(FactText(words).clause(for: error))
        case let error as any StorageFailureReporting: sentence(for: error.storageFailure, words: words)
        case let error as any RenderFailureReporting: sentence(for: error.renderFailure, words: words)
        case let error as any LocalizedError: error.errorDescription ?? error.localizedDescription
        default: error.localizedDescription
        }
    }

    // MARK: - Domain errors

    /// A typed value that cannot be accepted: what is wrong and what to type.
    public static func sentence(for error: InputError, words: Words) -> String {
        switch error {
        case let .invalidCrashID(raw, reason):
            words("{typed} is not a crash ID: {reason}. Check the link or ID and try again.", [
                "typed": LineText.echo(raw, words: words), "reason": reason,
            ])
        case let .invalidDeepLink(link, reason):
            words(
                "“{link}” is not a Crash Assistant link: {reason}. Use the link from the text message as it came (crashassistant://crash/<crash ID> or …/c/<crash ID>), or type the crash ID.",
                ["link": EchoText.shortened(link), "reason": reason]
            )
        case let .invalidCoordinate(reason):
            words("That location is not valid: {reason}. Give latitude,longitude in decimal degrees, e.g. 47.4979,19.0402.", ["reason": reason])
        case let .addressTooLong(count, limit):
            words.plural(
                "The address has {count} character; at most {limit} fit. Shorten it and try again.",
                "The address has {count} characters; at most {limit} fit. Shorten it and try again.",
                count: count, ["count": figure(count, words), "limit": figure(limit, words)]
            )
        case let .noteTooLong(count, limit):
            words.plural(
                "The note has {count} character; at most {limit} fit. Shorten it and try again.",
                "The note has {count} characters; at most {limit} fit. Shorten it and try again.",
                count: count, ["count": figure(count, words), "limit": figure(limit, words)]
            )
        case let .noteTooLarge(bytes, limit):
            words.plural(
                "The note takes {count} byte; at most {limit} fit (some characters, such as accented ones written in parts, take several). Shorten it and try again.",
                "The note takes {count} bytes; at most {limit} fit (some characters, such as accented ones written in parts, take several). Shorten it and try again.",
                count: bytes, ["count": figure(bytes, words), "limit": figure(limit, words)]
            )
        case let .addressTooLarge(bytes, limit):
            words.plural(
                "The address takes {count} byte; at most {limit} fit (some characters take several). Shorten it and try again.",
                "The address takes {count} bytes; at most {limit} fit (some characters take several). Shorten it and try again.",
                count: bytes, ["count": figure(bytes, words), "limit": figure(limit, words)]
            )
        case let .noteHasControlCharacter(codePoint):
            words("The note holds {character}, which is not plain text. Type the note again as words.", [
                "character": character(codePoint, words: words),
            ])
        case let .addressHasControlCharacter(codePoint):
            words("The address holds {character}, which is not plain text. Type the address again as words.", [
                "character": character(codePoint, words: words),
            ])
        case let .invalidUTCOffset(minutes):
            words.plural(
                "An offset of {count} minute from UTC is not one any place has (at most 18 hours either way). Give the offset as +HH:MM or -HH:MM.",
                "An offset of {count} minutes from UTC is not one any place has (at most 18 hours either way). Give the offset as +HH:MM or -HH:MM.",
                count: abs(minutes), ["count": String(minutes)]
            )
        case .crashTimeInFuture:
            words("The crash time is in the future. Give the time the crash happened.")
        case let .invalidContentHash(raw):
            words("“{hash}” is not a photo's content hash (64 hexadecimal digits).", ["hash": EchoText.shortened(raw)])
        }
    }

    /// A photo that cannot be added, removed or read: which one, why, and what to do.
    /// A kind of file in the reader's language (a format's own name, `GIF`, `PDF`, is the same in every language).
    static func format(_ format: FileFormat, _ words: Words) -> String {
        switch format {
        case .gif, .pdf, .bmp, .tiff, .webP, .heic: format.rawValue
        case .videoOrHEIF: words("video or HEIF", context: "a kind of file")
        case .text: words("text", context: "a kind of file")
        case .losslessJPEG: words("lossless or arithmetic-coded JPEG", context: "a kind of file")
        }
    }

    /// A kind of JPEG in the reader's language: `CMYK`, `12-bit`.
    static func jpegKind(_ kind: JPEGKind, _ words: Words) -> String {
        switch kind {
        case .cmyk: "CMYK"
        case let .bits(bits): words("{bits}-bit", context: "a kind of JPEG", ["bits": words.number(bits)])
        }
    }

    public static func sentence(for error: PhotoError, words: Words) -> String {
        switch error {
        case let .empty(fileName):
            words("“{file}” is empty. Choose the photo file itself.", ["file": fileName])
        case let .tooLarge(fileName, byteCount, limit):
            words(
                "“{file}” is {size}; a photo may be at most {limit}. Export a smaller copy (lower resolution or quality) and add that.",
                ["file": fileName, "size": size(byteCount, words), "limit": size(limit, words)]
            )
        case let .unsupportedFormat(fileName, detected?):
            words(
                "“{file}” is a {format} file, not a JPEG or PNG photo. Convert it to JPEG or PNG and add it again.",
                ["file": fileName, "format": format(detected, words)]
            )
        case let .unsupportedFormat(fileName, nil):
            words("“{file}” is not a JPEG or PNG photo. Add a photo in JPEG or PNG format.", ["file": fileName])
        case let .malformed(fileName, reason):
            words(
                "“{file}” looks like a photo but is damaged ({reason}). Copy it from the camera again, or add another photo.",
                ["file": fileName, "reason": reason]
            )
        case let .tooManyPixels(fileName, size, limit):
            words(
                "“{file}” is {size} pixels, more than {limit} megapixels. Export a smaller copy and add that.",
                ["file": fileName, "size": "\(size)", "limit": figure(limit / 1_000_000, words)]
            )
        case let .unembeddableJPEG(fileName, kind):
            words(
                "“{file}” is a {kind} JPEG, which the report cannot embed. Save it as an RGB JPEG or PNG and add it again.",
                ["file": fileName, "kind": jpegKind(kind, words)]
            )
        case let .sectionFull(section, limit):
            words.plural(
                "“{section}” already holds {count} photo, the most it can. Remove one before adding another.",
                "“{section}” already holds {count} photos, the most it can. Remove one before adding another.",
                count: limit, ["section": ScreenWords(words).section(section), "count": figure(limit, words)]
            )
        case let .duplicate(fileName, section):
            words("“{file}” is already in “{section}”. Choose a different photo.", [
                "file": fileName, "section": ScreenWords(words).section(section),
            ])
        case .notFound:
            words("That photo is not in the report. List the section's photos and choose one of their numbers.")
        case let .bytesMissing(hash):
            words("The photo {hash} is missing from the photo store. Remove it from the report and add it again.", ["hash": hash.short])
        }
    }

    /// A photo file that cannot be read: the path, why, and what to do.
    public static func sentence(for error: PhotoFileError, words: Words) -> String {
        switch error {
        case .noPath:
            words("Name the photo file to add, e.g. add 1 ~/Pictures/plate.jpg")
        case let .missing(path):
            words("There is no file {path}. Check the path (quote it if it has spaces) and try again.", [
                "path": LineText.echo(path, limit: 200, words: words),
            ])
        case let .folder(path):
            words("{path} is a folder, not a photo. Name a JPEG or PNG file inside it.", [
                "path": LineText.echo(path, limit: 200, words: words),
            ])
        case let .notRegularFile(path):
            words("{path} is not a regular file. Name a JPEG or PNG photo file.", [
                "path": LineText.echo(path, limit: 200, words: words),
            ])
        case let .permissionDenied(path):
            words(
                "{path} cannot be read: permission denied. Make it readable ({command}) or copy it somewhere you can read.",
                ["path": LineText.echo(path, limit: 200, words: words), "command": "chmod u+r"]
            )
        case let .cannotOpen(path, reason):
            words("{path} cannot be read ({reason}). Check the file and try again.", [
                "path": LineText.echo(path, limit: 200, words: words), "reason": reason,
            ])
        case let .readFailed(path, reason):
            words("{path} could not be read ({reason}). Copy the photo somewhere else and add the copy.", [
                "path": LineText.echo(path, limit: 200, words: words), "reason": reason,
            ])
        }
    }

    /// A report that cannot be changed, created or found: why, and what to do.
    public static func sentence(for error: ReportError, words: Words) -> String {
        switch error {
        case .notFound:
            words("That report no longer exists. Open View crash reports to see the ones kept.")
        case let .crashIDNotFound(crashID):
            words("No report has the crash ID {crashID}. Check the ID in View crash reports.", ["crashID": crashID.description])
        case let .readOnly(crashID):
            words("Crash report {crashID} is completed and can no longer be changed. View or share it instead.", [
                "crashID": crashID.description,
            ])
        case let .statementSigned(crashID):
            words(
                "Both drivers signed the accident statement of {crashID}: it, the injuries and when and where can no longer be changed. Photos and the note still can.",
                ["crashID": crashID.description]
            )
        case .nothingToReport:
            words("The report is empty. Choose who was injured, add a photo or write a note first.")
        case let .notCompleted(crashID):
            words("Crash report {crashID} is still a draft. Create the crash report first.", ["crashID": crashID.description])
        case let .timelineFull(crashID):
            words("The claim of crash report {crashID} keeps no more updates.", ["crashID": crashID.description])
        case let .crashIDUnavailable(attempts):
            words.plural(
                "No unused crash ID could be issued after {count} try. Try again.",
                "No unused crash ID could be issued after {count} tries. Try again.",
                count: attempts, ["count": figure(attempts, words)]
            )
        case .conflict(_, current: .some):
            words("This report was changed elsewhere while you were editing it. Open it again to see the latest version.")
        case .conflict(_, current: nil):
            words("This report was deleted elsewhere while you were editing it. Open View crash reports to see the ones kept.")
        case let .crashIDTaken(crashID, _):
            words("Another report already has the crash ID {crashID}. Open that one from View crash reports.", [
                "crashID": crashID.description,
            ])
        }
    }

    /// A character that is not plain text, named: `an escape character (U+001B)`.
    public static func character(_ codePoint: UInt32, words: Words) -> String {
        let hex = String(codePoint, radix: 16, uppercase: true)
        let code = ["code": "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex]
        return switch codePoint {
        case 0x1B: words("an escape character ({code})", code)
        case 0x09: words("a tab ({code})", code)
        case 0x07: words("a bell character ({code})", code)
        case 0x08: words("a backspace character ({code})", code)
        case 0x0D: words("a carriage return ({code})", code)
        case 0x0A, 0x2028, 0x2029: words("a line break ({code})", code)
        case 0x00: words("a null character ({code})", code)
        case 0x7F: words("a delete character ({code})", code)
        case 0x202A...0x202E, 0x2066...0x2069: words("an invisible mark that reorders text ({code})", code)
        default: words("a control character ({code})", code)
        }
    }

    /// A statement field's value refused, as the terminal asks for it: yes or no and the point of impact are typed.
    public static func sentence(for error: StatementFieldError, words: Words) -> String {
        FactText(words).sentence(clause(for: error, words: words))
    }

    private static func clause(for error: StatementFieldError, words: Words) -> String {
        switch error {
        case let .notYesOrNo(text): words("“{text}” is neither yes nor no: type y or n", ["text": EchoText.shortened(text)])
        case let .notAZone(text):
            words("“{text}” is not a point of impact: type its number, or e.g. {example}", [
                "text": EchoText.shortened(text),
                "example": [ImpactZone.frontLeft, .rear].map(StatementWords(words).typedZone).joined(separator: ", "),
            ])
        default: FactText(words).clause(for: error)
        }
    }

    /// Received or stored report data that breaks a rule: the field and what is wrong with it.
    public static func sentence(for error: InvalidReportData, words: Words) -> String {
        let field = error.field
        return switch error.problem {
        case let .tooMany(count, limit):
            words.plural(
                "{field} has {count} item; at most {limit} are allowed.", "{field} has {count} items; at most {limit} are allowed.",
                count: count, ["field": field, "count": figure(count, words), "limit": figure(limit, words)]
            )
        case let .tooLong(count, limit):
            words.plural(
                "{field} has {count} character; at most {limit} are allowed.", "{field} has {count} characters; at most {limit} are allowed.",
                count: count, ["field": field, "count": figure(count, words), "limit": figure(limit, words)]
            )
        case let .tooLarge(bytes, limit):
            words.plural(
                "{field} takes {count} byte; at most {limit} are allowed.", "{field} takes {count} bytes; at most {limit} are allowed.",
                count: bytes, ["field": field, "count": figure(bytes, words), "limit": figure(limit, words)]
            )
        case let .controlCharacter(codePoint):
            words("{field} holds {character}; only plain text is allowed.", ["field": field, "character": character(codePoint, words: words)])
        case let .duplicate(value):
            words("{field} holds {value} twice; each may appear once.", ["field": field, "value": value])
        case let .outOfRange(value, allowed):
            words("{field} is {value}, outside {first}–{last}.", [
                "field": field, "value": String(value), "first": String(allowed.lowerBound), "last": String(allowed.upperBound),
            ])
        case let .negative(value):
            words("{field} is {value}; it may not be negative.", ["field": field, "value": String(value)])
        case let .invalid(value):
            words("{field} cannot be “{value}”.", ["field": field, "value": value])
        case let .breaksRule(rule):
            words("{field} is refused: {reason}.", ["field": field, "reason": clause(for: rule, words: words)])
        case .spacesAround:
            words("{field} has spaces before or after it.", ["field": field])
        case let .characterNotAllowed(code):
            words("{field} holds {character}, which it may not.", ["field": field, "character": character(code, words: words)])
        case .missing:
            words("{field} is missing.", ["field": field])
        case .unexpected:
            words("{field} must not be given here.", ["field": field])
        case .serverOnly:
            words("{field} can only come from the other driver's own link; this device may not record it.", ["field": field])
        }
    }

    /// A report that cannot be written where asked: the path, why, and what to do.
    public static func sentence(for error: ShareError, words: Words) -> String {
        switch error {
        case let .destinationExists(path):
            words("{path} already exists.", ["path": path])
        case let .destinationIsDirectory(path):
            words("{path} is a folder. Give a file name inside it, e.g. {path}/crash-report.pdf.", ["path": path])
        case let .folderMissing(path):
            words("The folder for {path} does not exist. Create it first or choose another place.", ["path": path])
        case let .notWritable(path, reason):
            words("Could not write {path} ({reason}). Choose a place you can write to.", ["path": path, "reason": reason])
        case let .wrongExtension(path, expected):
            words(
                "{path} would hold a {format} document under another format's name, and would not open as one. Give a name ending in .{extension}.",
                ["path": path, "format": expected.uppercased(), "extension": expected]
            )
        }
    }

    // MARK: - Storage failures

    /// What happened to the storage and what to do.
    public static func sentence(for failure: StorageFailure, words: Words) -> String {
        happened(failure, words: words) + " " + advice(failure, words: words)
    }

    /// What happened to the storage, naming the file or folder.
    public static func happened(_ failure: StorageFailure, words: Words) -> String {
        let values = ["path": failure.path, "cause": failure.cause]
        return switch failure.kind {
        case .noLocation:
            words("No folder for the reports is known: {variable} is not set.", ["variable": "HOME"])
        case .folderNotCreatable:
            words("The folder {path} cannot be created ({cause}).", values)
        case .folderNotWritable:
            words("Nothing can be written in the folder {path} ({cause}).", values)
        case .notADatabase:
            words("The file {path} is not a usable crash-assistant database ({cause}). It was left untouched.", values)
        case .foreignDatabase:
            words("The file {path} is a database of another program, so crash-assistant will not change it.", values)
        case let .newerLayout(found, supported):
            words(
                "The database {path} was written by a newer crash-assistant (layout {found}; this one knows up to {supported}). It was left untouched.",
                values.merging(["found": String(found), "supported": String(supported)]) { $1 }
            )
        case .damagedRecord:
            words("A report stored in {path} cannot be read ({cause}).", values)
        case .busy:
            words("The database {path} is busy: another program is writing to it.", values)
        case .diskFull:
            words("The disk holding {path} is full, so the change was not saved.", values)
        case .damaged:
            words("The database {path} is damaged ({cause}).", values)
        case .notWritable:
            words("The database {path} cannot be written ({cause}).", values)
        case .readWrite:
            words("Reading or writing the database {path} failed ({cause}).", values)
        case let .photoFile(operation):
            photoFileFailed(operation, values, words)
        case let .other(code):
            words("The database {path} reported an error: {cause} (SQLite code {code}).", values.merging(["code": String(code)]) { $1 })
        }
    }

    /// A photo file the store could not handle, by what it was doing (the operations ``StorageFailure`` names).
    private static func photoFileFailed(_ operation: String, _ values: [String: String], _ words: Words) -> String {
        switch operation {
        case "store": words("Could not store the photo file {path} ({cause}).", values)
        case "open": words("Could not open the photo file {path} ({cause}).", values)
        case "read": words("Could not read the photo file {path} ({cause}).", values)
        case "write": words("Could not write the photo file {path} ({cause}).", values)
        case "create": words("Could not create the photo file {path} ({cause}).", values)
        case "delete": words("Could not delete the photo file {path} ({cause}).", values)
        case "link": words("Could not link the photo file {path} ({cause}).", values)
        case "rename": words("Could not rename the photo file {path} ({cause}).", values)
        case "flush": words("Could not flush the photo file {path} ({cause}).", values)
        default:
            words("The photo file {path} could not be handled ({operation}: {cause}).", values.merging(["operation": operation]) { $1 })
        }
    }

    /// What to do about it, in words that hold wherever the storage is chosen.
    public static func advice(_ failure: StorageFailure, words: Words) -> String {
        switch failure.kind {
        case .noLocation:
            words("Set {variable}.", ["variable": "HOME"])
        case .folderNotCreatable:
            words("Fix the path so every part of it is a folder you can write to.")
        case .folderNotWritable:
            words("Make it writable.")
        case .notADatabase:
            words("Move it aside (keep a copy).")
        case .foreignDatabase:
            words("Choose another file.")
        case .newerLayout:
            words("Update crash-assistant.")
        case .damagedRecord:
            words("Move the database aside (keep a copy) and start again.")
        case .busy:
            words("Wait a moment and try again.")
        case .diskFull:
            words("Free some space and try again.")
        case .damaged:
            words("Move it aside, keeping a copy, and start crash-assistant again to begin a new one.")
        case .notWritable:
            words("Check that the file and its folder are writable.")
        case .readWrite:
            words("Check the disk and try again.")
        case .photoFile:
            words("Check that the disk has free space and the folder is writable, then try again.")
        case .other:
            words("Try again.")
        }
    }

    // MARK: - Render failures

    /// What went wrong while making the document and what to do.
    public static func sentence(for failure: RenderFailure, words: Words) -> String {
        happened(failure, words: words) + " " + advice(failure, words: words)
    }

    /// What went wrong while making the document.
    public static func happened(_ failure: RenderFailure, words: Words) -> String {
        switch failure {
        case let .drawingFailed(step, cause):
            words("The PDF could not be made: {step} failed ({cause}).", ["step": step, "cause": cause])
        case let .photoUnreadable(fileName, cause):
            words("The photo “{file}” could not be placed in the PDF ({cause}).", ["file": fileName, "cause": cause])
        case let .fontMissing(needed, found):
            words("The PDF needs the {needed} font, but the system offers “{found}” instead.", ["needed": needed, "found": found])
        case let .charactersWithoutFont(characters):
            words.plural(
                "The PDF cannot print {characters}: no font installed on this system has it.",
                "The PDF cannot print {characters}: no font installed on this system has them.",
                count: characters.count, ["characters": listed(characters, words: words)]
            )
        case let .libraryMissing(library, cause):
            words("The PDF cannot be made: its drawing library {library} cannot be loaded ({cause}).", ["library": library, "cause": cause])
        }
    }

    /// What to do about it.
    public static func advice(_ failure: RenderFailure, words: Words) -> String {
        switch failure {
        case .drawingFailed:
            words("Try again; if it keeps failing, remove the largest photos and create the report again.")
        case .photoUnreadable:
            words("Remove it from the report, add it again, and create the report again.")
        case .fontMissing, .libraryMissing:
            words("Install it and try again.")
        case let .charactersWithoutFont(characters):
            words.plural(
                "Install a font that has it, or remove it from the report, and try again.",
                "Install fonts that have them, or remove them from the report, and try again.",
                count: characters.count
            )
        }
    }

    // MARK: - Numbers

    /// A count or limit in a message: in English as the app always wrote it (`2000`), else in the language's own
    /// digits and separators.
    private static func figure(_ number: Int, _ words: Words) -> String {
        words.code == "en" ? String(number) : words.number(number)
    }

    /// A size in bytes as people read it: `512 bytes`, `19.5 MB`, `30 MB` (``ByteCountText``, in the language's words
    /// and decimal separator).
    static func size(_ byteCount: Int, _ words: Words) -> String {
        guard byteCount >= 1024 else {
            return words.plural("{count} byte", "{count} bytes", count: byteCount, ["count": figure(byteCount, words)])
        }
        var value = Double(byteCount)
        var unit = 0
        while value >= 1024, unit < 4 {
            value /= 1024
            unit += 1
        }
        let tenths = (value * 10).rounded() / 10
        let shown = tenths >= 100 ? tenths.rounded() : tenths
        let size = ["size": shown.formatted(.number.precision(.fractionLength(0...1)).grouping(.never).locale(words.locale))]
        return switch unit {
        case 1: words("{size} KB", size)
        case 2: words("{size} MB", size)
        case 3: words("{size} GB", size)
        default: words("{size} TB", size)
        }
    }

    /// Characters each in quotes with their code points, for a character that may not show where it is read:
    /// `“司” (U+53F8) and “” (U+E000)`; at most ten, then how many more.
    public static func listed(_ characters: String, words: Words) -> String {
        let shown = characters.prefix(10).map { character in
            let codes = character.unicodeScalars.map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            return words("“{character}” ({codes})", ["character": String(character), "codes": codes.joined(separator: " ")])
        }
        let separator = words(", ", context: "between the items of a list")
        let more = characters.count - shown.count
        if more > 0 {
            return words.plural("{items} and {count} more", "{items} and {count} more", count: more, ["items": shown.joined(separator: separator)])
        }
        guard let last = shown.last, shown.count > 1 else { return shown.first ?? "" }
        return words("{items} and {last}", ["items": shown.dropLast().joined(separator: separator), "last": last])
    }
}
