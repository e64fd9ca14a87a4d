import Foundation
import Domain

/// The product's words for Domain's facts — why a typed value is not one, what looks wrong on a statement, where a
/// report's time and place came from — in English, for every edge: the terminal, the documents, the web pages, the
/// server's commands and its API. Domain carries the facts only.
///
/// An edge words here what is the same wherever it is read; what belongs to one edge (which key to type, which button
/// to press) that edge says itself, for the few facts where it differs.
/// Each returns a lower-case clause, for the edge to set in its sentence ("Not kept: …", a form field's message).
public struct FactText: Sendable {
    /// The language the clauses are written in.
    public let words: Words

    public init(_ words: Words) { self.words = words }

    /// The clauses in English, for the edges that speak English only.
    public static let english = FactText(.english)

    // MARK: - Values that are not what they should be

    public func clause(for error: PhoneNumberError) -> String {
        switch error {
        case .empty: words("the phone number is empty")
        case let .unexpectedCharacter(code): words("a phone number holds only digits, a leading +, spaces and dashes (found {character})", ["character": codePoint(code)])
        case .missingCountryCode: words("give the number with + and its country code, e.g. +36 30 123 4567")
        case let .unknownCountryCode(prefix): words("no country has the calling code at the start of +{prefix}…", ["prefix": prefix])
        case let .tooShort(digits): words("{digits} digits are too few for a phone number (at least {minimum} with the country code)", ["digits": words.number(digits), "minimum": words.number(PhoneNumber.minimumDigits)])
        case let .tooLong(digits): words("{digits} digits are too many for a phone number (at most {maximum} with the country code)", ["digits": words.number(digits), "maximum": words.number(PhoneNumber.maximumDigits)])
        case let .wrongLength(code, digits, expected): words("numbers under +{code} have {expected} digits with the country code, not {digits}", ["code": String(code), "expected": String(expected), "digits": words.number(digits)])
        case .notANumber: words("that is not a phone number")
        case let .notInUse(region): region.map { words("no phone number in use in {region} looks like this one: check its digits", ["region": $0]) }
            ?? words("no phone number in use looks like this one: check its digits and its country code")
        case .checkerMissing: words("phone numbers cannot be checked here: the phone-number library ({library} beside the program, with Debian's libphonenumber8) is missing", ["library": "libCrashAssistantPhoneNumbers.so"])
        }
    }

    /// A kind of line in words: "a landline".
    public func line(_ line: PhoneNumber.Line) -> String {
        switch line {
        case .mobile: words("a mobile number")
        case .fixedLine: words("a landline")
        case .fixedLineOrMobile: words("a landline or a mobile number")
        case .other: words("neither a mobile number nor a landline")
        case .unknown: words("not a number libphonenumber knows")
        }
    }

    public func clause(for error: EmailAddressError) -> String {
        switch error {
        case .empty: words("the e-mail address is empty")
        case let .tooLong(bytes): words("{bytes} bytes are too many for an e-mail address (at most {maximum})", ["bytes": words.number(bytes), "maximum": words.number(EmailAddress.maximumBytes)])
        case .notAnAddress: words("that is not an e-mail address: write it as name@example.com")
        }
    }

    public func clause(for error: RegistrationPlateError) -> String {
        switch error {
        case .empty: words("the plate is empty")
        case .tooShort: words("a plate has at least 2 letters or digits")
        case let .tooLong(count): words("{count} letters and digits are too many for a plate (at most {maximum})", ["count": words.number(count), "maximum": words.number(RegistrationPlate.maximumCharacters)])
        case let .unexpectedCharacter(code): words("a plate holds only letters, digits, spaces and dashes (found {character})", ["character": codePoint(code)])
        case let .looksLikeADate(typed): words("“{typed}” is a date, not a plate: type the letters and digits on the plate, e.g. B-MW 1234 (dates go in the insurance and licence fields)", ["typed": typed])
        }
    }

    public func clause(for error: CountryCodeError) -> String {
        switch error {
        case .empty: words("the country is empty")
        case let .notACode(text): words("“{text}” is not a country: write its two-letter code or the sign on the plate, e.g. HU or H, DE or D, FR or F", ["text": EchoText.shortened(text)])
        case let .unassigned(code): words("no country has the code {code} (write its two-letter code or the sign on the plate, e.g. DE or D)", ["code": code])
        }
    }

    public func clause(for error: CalendarDayError) -> String {
        switch error {
        case .empty: words("the date is empty")
        case let .notADay(text): words("“{text}” is not a date: write it as 31.12.2026 or 2026-12-31", ["text": EchoText.shortened(text)])
        case .noSuchDay: words("the calendar has no such day")
        case let .yearOutOfRange(year): words("the year {year} is outside {first}–{last}", ["year": String(year), "first": String(CalendarDay.years.lowerBound), "last": String(CalendarDay.years.upperBound)])
        }
    }

    /// A statement field's value refused. Yes/no and the point of impact are said without how to give them: the
    /// terminal asks for a key, a web form for a button.
    public func clause(for error: StatementFieldError) -> String {
        switch error {
        case let .text(.characters(count, limit)): words("{count} characters are too many here (at most {limit})", ["count": words.number(count), "limit": words.number(limit)])
        case let .text(.bytes(count, limit)): words("{count} bytes are too many here (at most {limit})", ["count": words.number(count), "limit": words.number(limit)])
        case let .text(.controlCharacter(code)): words("the text holds a control character ({character})", ["character": codePoint(code)])
        case let .phone(error): clause(for: error)
        case let .email(error): clause(for: error)
        case let .plate(error): clause(for: error)
        case let .country(error): clause(for: error)
        case let .day(error): clause(for: error)
        case let .notYesOrNo(text): words("“{text}” is neither yes nor no", ["text": EchoText.shortened(text)])
        case let .notAZone(text): words("“{text}” is not a point of impact", ["text": EchoText.shortened(text)])
        case let .endsBeforeStart(start, end): words("the insurance cannot end ({end}) before it starts ({start})", ["end": storedDay(end), "start": storedDay(start)])
        case let .tooManyWitnesses(limit): words("a statement lists at most {limit} witnesses", ["limit": words.number(limit)])
        case .witnessWithoutNameOrPhone: words("give the witness's name or phone number")
        case .signatureWithoutName: words("a signature needs the signer's name")
        }
    }

    /// Why a party or a change to the parties was refused: `the name has 120 characters; at most 100 fit`.
    public func clause(for error: PartyError) -> String {
        switch error {
        case let .text(field, problem):
            let label = PartyWords(words).field(field)
            return switch problem {
            case let .characters(count, limit):
                words("{field}: {count} characters are too many (at most {limit})", ["field": label, "count": words.number(count), "limit": words.number(limit)])
            case let .bytes(count, limit):
                words("{field}: {count} bytes are too many (at most {limit})", ["field": label, "count": words.number(count), "limit": words.number(limit)])
            case let .controlCharacter(code):
                words("{field}: the text holds a control character ({character})", ["field": label, "character": codePoint(code)])
            }
        case let .phone(error): return clause(for: error)
        case let .plateCharacter(code):
            // A printable character is shown as it is; a control character by its code point.
            let printable = Unicode.Scalar(code).flatMap { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) ? $0 : nil }
            let shown = printable.map { "“\(Character($0))”" } ?? codePoint(code)
            return words("a plate holds letters, digits, spaces, dashes and ? for a character not read, not {character}", ["character": shown])
        case .nothingSaid: return words("say at least what it is, or for a vehicle that left, its plate, colour, make or direction")
        case let .tooMany(limit): return words("a report lists at most {limit} other parties; remove one first", ["limit": words.number(limit)])
        case .unknown: return words("that party is no longer on the report (removed elsewhere meanwhile)")
        case .duplicate: return words("that party is on the report already")
        case .notAPerson: return words("only people can be hurt: a cyclist, a pedestrian, or the driver or passengers of a motor vehicle; property cannot")
        case .vehicleOnStatement: return words("another motor vehicle is entered on its own accident statement: open it from the parties page")
        case .notAVehicle: return words("only another motor vehicle touches vehicles: give B or the numbers of other motor vehicles, not its own")
        }
    }

    /// A clause as a sentence: its first letter capitalised, a full stop after it.
    public func sentence(_ clause: String) -> String {
        words("{Clause}.", ["Clause": clause.prefix(1).uppercased() + clause.dropFirst()])
    }

    // MARK: - What looks wrong on a statement

    /// A flag as one line: `Vehicle A: the driving licence ran out on 2026-11-20, before the crash`.
    public func line(for flag: StatementFlag) -> String {
        switch flag {
        case let .licenceExpired(side, day): words("Vehicle {side}: the driving licence ran out on {day}, before the crash", ["side": side.letter, "day": calendarDay(day)])
        case let .insuranceNotYetValid(side, day): words("Vehicle {side}: the insurance starts on {day}, after the crash", ["side": side.letter, "day": calendarDay(day)])
        case let .insuranceExpired(side, day): words("Vehicle {side}: the insurance ran out on {day}, before the crash", ["side": side.letter, "day": calendarDay(day)])
        case let .bornAfterCrash(side): words("Vehicle {side}: the driver's date of birth is after the crash", ["side": side.letter])
        case let .implausibleAge(side, years): words.plural("Vehicle {side}: the driver would have been {count} year old", "Vehicle {side}: the driver would have been {count} years old", count: years, ["side": side.letter])
        }
    }

    // MARK: - Where the time and place came from

    /// A few words to show after the time, saying where it came from — `from photo IMG_0042.jpg`,
    /// `not given; the time the report was started` — and a flag for a photo time long before the report, in words
    /// for any reader (a screen adds what the driver can do about it); `nil` when the driver set it.
    public func timeNote(_ scene: EffectiveScene) -> String? {
        switch scene.timeSource {
        case .driver:
            return nil
        case .notGiven:
            guard let passedOver = scene.passedOver else { return words("not given; the time the report was started") }
            return words(
                "not given; the time the report was started, as the time of photo {file} is later than it was added",
                ["file": passedOver.originalFileName]
            )
        case let .photo(photo):
            guard case let .longBeforeReport(days)? = scene.timeCheck else {
                return words("from photo {file}", ["file": photo.originalFileName])
            }
            return words.plural(
                "from photo {file}, taken {count} day before the report was started; the camera's clock may have been wrong",
                "from photo {file}, taken {count} days before the report was started; the camera's clock may have been wrong",
                count: days, ["file": photo.originalFileName]
            )
        }
    }

    /// A few words to show after the place — `from photo IMG_0043.jpg` — or `nil` when the driver set it or there is
    /// none.
    public func placeNote(_ scene: EffectiveScene) -> String? {
        if case let .photo(photo) = scene.placeSource { words("from photo {file}", ["file": photo.originalFileName]) } else { nil }
    }

    /// The time as every screen and document writes it, with its zone and where it came from:
    /// `21 Nov 2026, 16:28 (UTC+01:00) (from photo IMG_0042.jpg)`.
    public func when(_ scene: EffectiveScene, dates: DateText) -> String {
        // At the offset the time was taken at (a photo's clock), else the report's.
        let time = dates.at(scene.scene).dateTime(scene.scene.occurredAt)
        return timeNote(scene).map { words("{time} ({source})", ["time": time, "source": $0]) } ?? time
    }

    /// The place as every screen and document writes it, with where it came from; `nil` when unknown.
    public func place(_ scene: EffectiveScene) -> String? {
        guard let place = location(scene.scene) else { return nil }
        return placeNote(scene).map { words("{place} ({source})", ["place": place, "source": $0]) } ?? place
    }

    // MARK: - Signatures and who entered a column

    /// How a signer was known: `on the driver's own device`, `with a code texted to +36 ** *** **67`, `on the driver's
    /// device, not verified`.
    public func verification(_ verification: StatementSignature.Verification) -> String {
        switch verification {
        case .driversDevice(nil): words("on the driver's own device")
        case let .driversDevice(account?): words("on the driver's own device, signed in as {account}", ["account": account])
        case let .smsCode(phone): words("with a one-time code texted to {phone}", ["phone": phone.masked])
        case .sameDevice: words("on the driver's device at the scene, not verified")
        }
    }

    /// One side's signature as it stands: `signed by Anna Kovács, 25 Nov 2026, 10:02 (UTC+01:00), on the driver's own
    /// device`; a void one says the statement changed after it.
    public func signature(_ state: SignatureState, dates: DateText) -> String {
        switch state {
        case .unsigned:
            return words("not signed")
        case let .holds(signature):
            return words("signed by {name}, {time}, {how}", [
                "name": signature.name, "time": signed(signature, dates), "how": verification(signature.verification),
            ])
        case let .void(signature):
            return words(
                "signed by {name}, {time}, but the statement changed after that, so the signature no longer counts",
                ["name": signature.name, "time": signed(signature, dates)]
            )
        }
    }

    /// `The other driver did not agree (25 Nov 2026, 10:10 (UTC+01:00)): Box 17 is not true`.
    public func declineLine(_ decline: StatementDecline, dates: DateText) -> String {
        let time = dates.dateTime(decline.declinedAt)
        return decline.reason.isEmpty
            ? words("The other driver did not agree ({time})", ["time": time])
            : words("The other driver did not agree ({time}): {reason}", ["time": time, "reason": decline.reason])
    }

    /// Who entered a column from their own phone, and whether it was changed after: `nil` for a column typed on the
    /// driver's device.
    public func creditLine(_ column: StatementVehicle, side: VehicleSide, dates: DateText) -> String? {
        guard let at = column.enteredByOtherDriverAt else { return nil }
        let values = ["side": side.letter, "time": dates.dateTime(at)]
        let changes = column.changesSinceSent
        guard !changes.isEmpty else { return words("Vehicle {side} was entered by the other driver on their own phone, {time}", values) }
        return words(
            "Vehicle {side} was entered by the other driver on their own phone, {time}; changed by the driver after the other driver sent it: {items}",
            values.merging(["items": items(changes)]) { $1 }
        )
    }

    /// Items of a column as a reader finds them: `“Make and model”, box 17, the remarks`.
    public func items(_ items: [StatementVehicle.Item]) -> String {
        items.map { item in
            switch item {
            case let .field(field): words("“{field}”", context: "a field named in a list", ["field": StatementWords(words).field(field)])
            case let .box(box): words("box {number}", ["number": String(box.number)])
            case .remarks: words("the remarks")
            }
        }.joined(separator: words(", ", context: "between the items of a list"))
    }

    private func signed(_ signature: StatementSignature, _ dates: DateText) -> String {
        let zone = signature.utcOffsetMinutes.flatMap { TimeZone(secondsFromGMT: $0 * 60) }
        return (zone.map { DateText(timeZone: $0, locale: dates.locale) } ?? dates).dateTime(signature.signedAt)
    }

    /// Where a scene is, as this language writes it: the address, and the coordinate in the language's decimals.
    public func location(_ scene: CrashScene) -> String? {
        let coordinate = scene.coordinate.map(StatementWords(words).coordinate)
        switch (scene.address, coordinate) {
        case let (address?, coordinate?): return words("{address} ({coordinate})", context: "a place", ["address": address, "coordinate": coordinate])
        case let (address?, nil): return address
        case let (nil, coordinate?): return coordinate
        case (nil, nil): return nil
        }
    }

    /// A calendar day as this language writes it.
    public func calendarDay(_ day: CalendarDay) -> String {
        words.dates(DateText(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)).day(day)
    }

    /// A day as stored (`2026-12-31`) written as this language writes days.
    private func storedDay(_ text: String) -> String {
        (try? CalendarDay(parsing: text)).map(calendarDay) ?? text
    }

    private func codePoint(_ code: UInt32) -> String {
        "U+\(String(code, radix: 16, uppercase: true))"
    }
}

extension FactText {
    /// A span of time as people say it, in this language: `40 minutes`, `3 days`.
    public func duration(seconds: Double) -> String {
        let (count, unit) = DurationText.span(seconds: seconds)
        return switch unit {
        case .minute: words.plural("{count} minute", "{count} minutes", count: count)
        case .hour: words.plural("{count} hour", "{count} hours", count: count)
        case .day: words.plural("{count} day", "{count} days", count: count)
        case .year: words.plural("{count} year", "{count} years", count: count)
        }
    }

    /// A distance as a reader wants it: `850 m`, `12 km`, `1,240 km`.
    public func distance(meters: Double) -> String {
        meters < 1_000
            ? words("{meters} m", ["meters": words.number(Int(meters.rounded()))])
            : words("{kilometres} km", ["kilometres": words.number(Int((meters / 1_000).rounded()))])
    }
}
