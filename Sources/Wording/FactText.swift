import Foundation
import Domain

/// The product's words for Domain's facts — why a typed value is not one, what looks wrong on a statement, where a
/// report's time and place came from — in English, for every edge: the terminal, the documents, the web pages, the
/// server's commands and its API. Domain carries the facts only.
///
/// An edge words here what is the same wherever it is read; what belongs to one edge (which key to type, which button
/// to press) that edge says itself, for the few facts where it differs.
/// Each returns a lower-case clause, for the edge to set in its sentence ("Not kept: …", a form field's message).
public enum FactText {
    // MARK: - Values that are not what they should be

    public static func clause(for error: PhoneNumberError) -> String {
        switch error {
        case .empty: "the phone number is empty"
        case let .unexpectedCharacter(code): "a phone number holds only digits, a leading +, spaces and dashes (found \(codePoint(code)))"
        case .missingCountryCode: "give the number with + and its country code, e.g. +36 30 123 4567"
        case let .unknownCountryCode(prefix): "no country has the calling code at the start of +\(prefix)…"
        case let .tooShort(digits): "\(digits) digits are too few for a phone number (at least \(PhoneNumber.minimumDigits) with the country code)"
        case let .tooLong(digits): "\(digits) digits are too many for a phone number (at most \(PhoneNumber.maximumDigits) with the country code)"
        case let .wrongLength(code, digits, expected): "numbers under +\(code) have \(expected) digits with the country code, not \(digits)"
        case .notANumber: "that is not a phone number"
        case let .notInUse(region): region.map { "no phone number in use in \($0) looks like this one: check its digits" }
            ?? "no phone number in use looks like this one: check its digits and its country code"
        case .checkerMissing: "phone numbers cannot be checked here: the phone-number library (libCrashAssistantPhoneNumbers.so beside the program, with Debian's libphonenumber8) is missing"
        }
    }

    /// A kind of line in words: "a landline".
    public static func line(_ line: PhoneNumber.Line) -> String {
        switch line {
        case .mobile: "a mobile number"
        case .fixedLine: "a landline"
        case .fixedLineOrMobile: "a landline or a mobile number"
        case .other: "neither a mobile number nor a landline"
        case .unknown: "not a number libphonenumber knows"
        }
    }

    public static func clause(for error: EmailAddressError) -> String {
        switch error {
        case .empty: "the e-mail address is empty"
        case let .tooLong(bytes): "\(bytes) bytes are too many for an e-mail address (at most \(EmailAddress.maximumBytes))"
        case .notAnAddress: "that is not an e-mail address: write it as name@example.com"
        }
    }

    public static func clause(for error: RegistrationPlateError) -> String {
        switch error {
        case .empty: "the plate is empty"
        case .tooShort: "a plate has at least 2 letters or digits"
        case let .tooLong(count): "\(count) letters and digits are too many for a plate (at most \(RegistrationPlate.maximumCharacters))"
        case let .unexpectedCharacter(code): "a plate holds only letters, digits, spaces and dashes (found \(codePoint(code)))"
        }
    }

    public static func clause(for error: CountryCodeError) -> String {
        switch error {
        case .empty: "the country is empty"
        case let .notACode(text): "“\(text)” is not a country: write its two-letter code or the sign on the plate, e.g. HU or H, DE or D, FR or F"
        case let .unassigned(code): "no country has the code \(code) (write its two-letter code or the sign on the plate, e.g. DE or D)"
        }
    }

    public static func clause(for error: CalendarDayError) -> String {
        switch error {
        case .empty: "the date is empty"
        case let .notADay(text): "“\(text)” is not a date: write it as 31.12.2026 or 2026-12-31"
        case .noSuchDay: "the calendar has no such day"
        case let .yearOutOfRange(year): "the year \(year) is outside \(CalendarDay.years.lowerBound)–\(CalendarDay.years.upperBound)"
        }
    }

    /// A statement field's value refused. Yes/no and the point of impact are said without how to give them: the
    /// terminal asks for a key, a web form for a button.
    public static func clause(for error: StatementFieldError) -> String {
        switch error {
        case let .text(.characters(count, limit)): "\(count) characters are too many here (at most \(limit))"
        case let .text(.bytes(count, limit)): "\(count) bytes are too many here (at most \(limit))"
        case let .text(.controlCharacter(code)): "the text holds a control character (\(codePoint(code)))"
        case let .phone(error): clause(for: error)
        case let .email(error): clause(for: error)
        case let .plate(error): clause(for: error)
        case let .country(error): clause(for: error)
        case let .day(error): clause(for: error)
        case let .notYesOrNo(text): "“\(text)” is neither yes nor no"
        case let .notAZone(text): "“\(text)” is not a point of impact"
        case let .endsBeforeStart(start, end): "the insurance cannot end (\(end)) before it starts (\(start))"
        case let .tooManyWitnesses(limit): "a statement lists at most \(limit) witnesses"
        case .witnessWithoutNameOrPhone: "give the witness's name or phone number"
        case .signatureWithoutName: "a signature needs the signer's name"
        }
    }

    /// A clause as a sentence: its first letter capitalised, a full stop after it.
    public static func sentence(_ clause: String) -> String {
        clause.prefix(1).uppercased() + clause.dropFirst() + "."
    }

    // MARK: - What looks wrong on a statement

    /// A flag as one line: `Vehicle A: the driving licence ran out on 2026-11-20, before the crash`.
    public static func line(for flag: StatementFlag) -> String {
        switch flag {
        case let .licenceExpired(side, day): "Vehicle \(side.letter): the driving licence ran out on \(day), before the crash"
        case let .insuranceNotYetValid(side, day): "Vehicle \(side.letter): the insurance starts on \(day), after the crash"
        case let .insuranceExpired(side, day): "Vehicle \(side.letter): the insurance ran out on \(day), before the crash"
        case let .bornAfterCrash(side): "Vehicle \(side.letter): the driver's date of birth is after the crash"
        case let .implausibleAge(side, years): "Vehicle \(side.letter): the driver would have been \(years) years old"
        }
    }

    // MARK: - Where the time and place came from

    /// A few words to show after the time, saying where it came from — `from photo IMG_0042.jpg`,
    /// `not given; the time the report was started` — and a flag for a photo time long before the report, in words
    /// for any reader (a screen adds what the driver can do about it); `nil` when the driver set it.
    public static func timeNote(_ scene: EffectiveScene) -> String? {
        switch scene.timeSource {
        case .driver:
            return nil
        case .notGiven:
            guard let passedOver = scene.passedOver else { return "not given; the time the report was started" }
            return "not given; the time the report was started, as the time of photo \(passedOver.originalFileName) "
                + "is later than it was added"
        case let .photo(photo):
            guard case let .longBeforeReport(days)? = scene.timeCheck else { return "from photo \(photo.originalFileName)" }
            let before = DurationText.describe(seconds: Double(days) * 86_400)
            return "from photo \(photo.originalFileName), taken \(before) before the report was started; "
                + "the camera's clock may have been wrong"
        }
    }

    /// A few words to show after the place — `from photo IMG_0043.jpg` — or `nil` when the driver set it or there is
    /// none.
    public static func placeNote(_ scene: EffectiveScene) -> String? {
        if case let .photo(photo) = scene.placeSource { "from photo \(photo.originalFileName)" } else { nil }
    }

    /// The time as every screen and document writes it, with its zone and where it came from:
    /// `21 Nov 2026, 16:28 (UTC+01:00) (from photo IMG_0042.jpg)`.
    public static func when(_ scene: EffectiveScene, dates: DateText) -> String {
        dates.dateTime(scene.scene.occurredAt) + (timeNote(scene).map { " (\($0))" } ?? "")
    }

    /// The place as every screen and document writes it, with where it came from; `nil` when unknown.
    public static func place(_ scene: EffectiveScene) -> String? {
        scene.scene.locationText.map { $0 + (placeNote(scene).map { " (\($0))" } ?? "") }
    }

    // MARK: - Signatures and who entered a column

    /// How a signer was known: `on the driver's own device`, `with a code texted to +36 ** *** **67`, `on the driver's
    /// device, not verified`.
    public static func verification(_ verification: StatementSignature.Verification) -> String {
        switch verification {
        case .driversDevice(nil): "on the driver's own device"
        case let .driversDevice(account?): "on the driver's own device, signed in as \(account)"
        case let .smsCode(phone): "with a one-time code texted to \(phone.masked)"
        case .sameDevice: "on the driver's device at the scene, not verified"
        }
    }

    /// One side's signature as it stands: `signed by Anna Kovács, 25 Nov 2026, 10:02 (UTC+01:00), on the driver's own
    /// device`; a void one says the statement changed after it.
    public static func signature(_ state: SignatureState, dates: DateText) -> String {
        switch state {
        case .unsigned:
            return "not signed"
        case let .holds(signature):
            return "signed by \(signature.name), \(signed(signature, dates)), \(verification(signature.verification))"
        case let .void(signature):
            return "signed by \(signature.name), \(signed(signature, dates)), but the statement changed after that, "
                + "so the signature no longer counts"
        }
    }

    /// `The other driver did not agree (25 Nov 2026, 10:10 (UTC+01:00)): Box 17 is not true`.
    public static func declineLine(_ decline: StatementDecline, dates: DateText) -> String {
        "The other driver did not agree (\(dates.dateTime(decline.declinedAt)))" + (decline.reason.isEmpty ? "" : ": \(decline.reason)")
    }

    /// Who entered a column from their own phone, and whether it was changed after: `nil` for a column typed on the
    /// driver's device.
    public static func creditLine(_ column: StatementVehicle, side: VehicleSide, dates: DateText) -> String? {
        guard let at = column.enteredByOtherDriverAt else { return nil }
        let entered = "Vehicle \(side.letter) was entered by the other driver on their own phone, \(dates.dateTime(at))"
        let changes = column.changesSinceSent
        guard !changes.isEmpty else { return entered }
        return entered + "; changed by the driver after the other driver sent it: " + items(changes)
    }

    /// Items of a column as a reader finds them: `make and model, box 17, the remarks`.
    public static func items(_ items: [StatementVehicle.Item]) -> String {
        items.map { item in
            switch item {
            case let .field(field): field.label.prefix(1).lowercased() + field.label.dropFirst()
            case let .box(box): "box \(box.number)"
            case .remarks: "the remarks"
            }
        }.joined(separator: ", ")
    }

    private static func signed(_ signature: StatementSignature, _ dates: DateText) -> String {
        let zone = signature.utcOffsetMinutes.flatMap { TimeZone(secondsFromGMT: $0 * 60) }
        return (zone.map { DateText(timeZone: $0) } ?? dates).dateTime(signature.signedAt)
    }

    private static func codePoint(_ code: UInt32) -> String {
        "U+\(String(code, radix: 16, uppercase: true))"
    }
}
