import Domain
import Foundation
import Wording

/// Reads "when and where" as the driver types it after `w`:
///
///     <when> [<latitude>,<longitude>] [<address>]
///
/// `<when>` is `now`, a time of today `HH:MM`, or a date and time `YYYY-MM-DD HH:MM` (local time). A local
/// time the clocks skipped (the hour they went forward) is refused, and one they showed twice (the hour they
/// went back) is refused unless its offset is given: `02:30+02:00`. Dates and times carry no signs; a latitude or
/// longitude south or west of zero does (`-33.8688,151.2093`).
/// The place is optional: a coordinate in decimal degrees without spaces (`47.4979,19.0402`),
/// an address, or a coordinate followed by an address. Without a place the known place is kept.
public struct CrashSceneInput: Sendable {
    /// What `w` accepts, for help and error messages.
    /// How `w` is typed: `w`, `now` and the digits' patterns stay as they are in every language; the words in the
    /// brackets are the language's.
    public static func syntax(words: Words) -> String {
        words("w <now | HH:MM | YYYY-MM-DD HH:MM> [latitude,longitude] [address]", context: "how the w command is typed")
    }
    public static let examples = ["w now 47.4979,19.0402", "w 2026-11-21 17:42 Andrássy út 12, Budapest"]

    private let calendar: Calendar
    private let timeZone: TimeZone
    /// The language the failures are said in.
    private let words: Words

    public init(timeZone: TimeZone = .current, words: Words = .english) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.timeZone = timeZone
        self.words = words
    }

    /// - Parameters:
    ///   - text: what follows `w`.
    ///   - current: the scene so far; its place is kept when the text gives none.
    ///   - now: the moment `now` and times of today refer to.
    /// - Throws: `CrashSceneInput.Failure` or `InputError`, each naming what is wrong and what to type.
    public func parse(_ text: String, current: CrashScene, now: Date) throws -> CrashScene {
        var typed = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // A date written as Hungarian writes it, `2026. 11. 21.`, is one word here.
        if typed.count >= 3, typed[0].wholeMatch(of: /\d{4}\./) != nil, typed[1].wholeMatch(of: /\d{1,2}\./) != nil,
           typed[2].wholeMatch(of: /\d{1,2}\.?/) != nil {
            typed.replaceSubrange(0..<3, with: [typed[0] + typed[1] + typed[2]])
        }
        guard let first = typed.first else {
            throw Failure(words("Say when the crash happened. Type {syntax}, e.g. {example}", usageValues))
        }
        typed.removeFirst()

        let occurredAt: Date
        var typedOffset: Int?
        if first.lowercased() == "now" {
            occurredAt = now
        } else if let time = Self.clockTime(first) {
            let today = calendar.dateComponents([.year, .month, .day], from: now)
            let local = LocalTime(
                year: today.year ?? 1970, month: today.month ?? 1, day: today.day ?? 1,
                hour: time.hour, minute: time.minute, offset: time.offset
            )
            occurredAt = try date(local)
            typedOffset = time.offset
            if occurredAt.timeIntervalSince(now) > ReportLimits.crashTimeTolerance {
                // A time of today still to come: most likely last night's, just after midnight.
                let yesterday = calendar.date(byAdding: .day, value: -1, to: now).map { calendar.dateComponents([.year, .month, .day], from: $0) }
                let day = LocalTime(
                    year: yesterday?.year ?? local.year, month: yesterday?.month ?? local.month, day: yesterday?.day ?? local.day,
                    hour: local.hour, minute: local.minute, offset: nil
                )
                throw Failure(words(
                    "{time} today is still to come. If the crash was yesterday, give the date too: w {yesterday}",
                    ["time": first, "yesterday": day.text]
                ))
            }
        } else if let day = Self.calendarDay(first) {
            guard let timeWord = typed.first, let time = Self.clockTime(timeWord) else {
                throw Failure(words(
                    "Give the time after the date, e.g. {date} 17:42. Type {syntax}, e.g. {example}",
                    usageValues.merging(["date": first]) { $1 }
                ))
            }
            typed.removeFirst()
            occurredAt = try date(LocalTime(
                year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute, offset: time.offset
            ))
            typedOffset = time.offset
        } else {
            throw Failure(words("“{text}” is not a time. Type {syntax}, e.g. {example}", usageValues.merging(["text": EchoText.shortened(first)]) { $1 }))
        }
        // The scene's offset from UTC: as typed, else this zone's at that moment.
        let offsetMinutes = (typedOffset ?? timeZone.secondsFromGMT(for: occurredAt)) / 60

        guard !typed.isEmpty else {
            return try CrashScene(occurredAt: occurredAt, coordinate: current.coordinate, address: current.address, utcOffsetMinutes: offsetMinutes)
        }
        var coordinate: Coordinate?
        if let pair = Self.coordinatePair(typed[0]) {
            coordinate = try Coordinate(latitude: pair.latitude, longitude: pair.longitude)
            typed.removeFirst()
        } else if typed.count >= 2, typed[0].hasSuffix(","), let pair = Self.coordinatePair(typed[0] + typed[1]) {
            // `47.4979, 19.0402`: a space after the comma.
            coordinate = try Coordinate(latitude: pair.latitude, longitude: pair.longitude)
            typed.removeFirst(2)
        } else if let problem = coordinateLookalike(typed[0]) {
            throw Failure(problem)
        }
        let address = typed.isEmpty ? nil : typed.joined(separator: " ")
        return try CrashScene(occurredAt: occurredAt, coordinate: coordinate, address: address, utcOffsetMinutes: offsetMinutes)
    }

    /// Why a word that looks like a coordinate is not one (rather than taking it as the address), or `nil`.
    private func coordinateLookalike(_ word: String) -> String? {
        let body = word.filter { $0 != "+" && $0 != "-" }
        guard !body.isEmpty, body.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "," || $0 == "." }),
              body.contains(where: \.isNumber), body.contains(where: { $0 == "," || $0 == "." }) else { return nil }
        let commas = body.count { $0 == "," }
        // `12,` may start an address; `47.4979` or `47,4979,19,0402` cannot.
        guard commas >= 2 || body.contains(".") else { return nil }
        let values = ["text": EchoText.shortened(word)]
        if commas >= 3 || (commas == 2 && !body.contains(".")) {
            return words(
                "“{text}” looks like a coordinate written with decimal commas. Write decimals with a point and separate latitude and longitude with a comma, e.g. 47.4979,19.0402",
                values
            )
        }
        return words(
            "“{text}” is not a coordinate. Give latitude,longitude in decimal degrees, e.g. 47.4979,19.0402 (south and west take a minus sign: -33.8688,151.2093)",
            values
        )
    }

    /// What went wrong with the typed text, and how to type it.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        public let description: String

        init(_ description: String) {
            self.description = description
        }

        public var errorDescription: String? { description }
    }

    // MARK: - Pieces

    /// What a usage hint fills in: what `w` accepts and an example.
    private var usageValues: [String: String] {
        ["syntax": Self.syntax(words: words), "example": Self.examples[0]]
    }

    /// `HH:MM`, optionally followed by a UTC offset `+HH:MM` / `-HH:MM` (for a time the clocks showed twice).
    private static func clockTime(_ word: String) -> (hour: Int, minute: Int, offset: Int?)? {
        var text = Substring(word)
        var offset: Int?
        if text.count > 5, let sign = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) {
            guard let parsed = Self.utcOffset(text[sign...]) else { return nil }
            offset = parsed
            text = text[..<sign]
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = unsigned(parts[0]), let minute = unsigned(parts[1]),
              (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return (hour, minute, offset)
    }

    /// `+02:00` → 7200; `nil` for anything else.
    private static func utcOffset(_ text: Substring) -> Int? {
        let sign = text.first == "-" ? -1 : 1
        let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }),
              let hours = unsigned(parts[0]), let minutes = unsigned(parts[1]), hours <= 14, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    /// A day as any of the product's languages writes it (the statement's days follow the same rule): `2026-11-21`,
    /// `21.11.2026`, `21/11/2026`, `2026.11.21.`.
    private static func calendarDay(_ word: String) -> (year: Int, month: Int, day: Int)? {
        guard word.first?.isNumber == true, let day = try? CalendarDay(parsing: word) else { return nil }
        return (day.year, day.month, day.day)
    }

    /// A number written with digits only: `Int` alone would also take `+1` or `-0`.
    private static func unsigned(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// Two decimal numbers separated by a comma, e.g. `47.4979,19.0402` or `-33.9,151.2`.
    private static func coordinatePair(_ word: String) -> (latitude: Double, longitude: Double)? {
        let parts = word.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(isDecimal),
              let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { return nil }
        return (latitude, longitude)
    }

    private static func isDecimal(_ text: Substring) -> Bool {
        var body = text
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !body.isEmpty, pieces.count <= 2, let whole = pieces.first, !whole.isEmpty else { return false }
        return pieces.allSatisfy { piece in piece.allSatisfy { $0.isASCII && $0.isNumber } }
            && (pieces.count == 1 || !pieces[1].isEmpty)
    }

    /// A local date and time as typed, with the offset when one was given.
    private struct LocalTime {
        let year, month, day, hour, minute: Int
        let offset: Int?

        /// `2026-03-29 02:30`
        var text: String {
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute))"
        }
    }

    /// The moment a local time names in this zone.
    /// - Throws: `Failure` for a day that does not exist, for a time the clocks skipped, and for a time they
    ///   showed twice when no offset says which.
    private func date(_ local: LocalTime) throws -> Date {
        var utcCalendar = Calendar(identifier: .gregorian)
        utcCalendar.timeZone = TimeZone(secondsFromGMT: 0) ?? timeZone
        let components = DateComponents(year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute)
        guard components.isValidDate(in: utcCalendar), let wallClock = utcCalendar.date(from: components) else {
            throw Failure(words(
                "{date} is not a date. Give the date as YYYY-MM-DD, e.g. 2026-11-21",
                ["date": "\(local.year)-\(local.month)-\(local.day)"]
            ))
        }
        if let offset = local.offset { return wallClock.addingTimeInterval(-Double(offset)) }
        // The offsets in force around that day; a moment is the wall-clock time less one of them that holds then.
        let offsets = Set([-86_400.0, 0, 86_400].map { timeZone.secondsFromGMT(for: wallClock.addingTimeInterval($0)) })
        let moments = offsets.sorted(by: >).map { wallClock.addingTimeInterval(-Double($0)) }
            .filter { moment in wallClock.timeIntervalSince(moment) == Double(timeZone.secondsFromGMT(for: moment)) }
        let zone = timeZone.identifier
        switch moments.count {
        case 0:
            let jump = (offsets.max() ?? 0) - (offsets.min() ?? 0)
            let suggestion = LocalTime(
                year: local.year, month: local.month, day: local.day,
                hour: (local.hour + jump / 3_600) % 24, minute: (local.minute + jump % 3_600 / 60) % 60, offset: nil
            )
            throw Failure(words(
                "{time} did not happen in {zone}: the clocks went forward that night and skipped it. Give the time the clock showed, e.g. {suggestion}",
                ["time": local.text, "zone": zone, "suggestion": String(suggestion.text.suffix(5))]
            ))
        case 1:
            return moments[0]
        default:
            let choices = moments.map { "\(local.text.suffix(5))\(Self.offsetText(timeZone.secondsFromGMT(for: $0)))" }
            throw Failure(words(
                "{time} happened twice in {zone}: the clocks went back that night. Say which with its offset: {first} (the first) or {second} (the second), e.g. w {date} {first}",
                ["time": local.text, "zone": zone, "first": choices[0], "second": choices[choices.count - 1], "date": String(local.text.prefix(10))]
            ))
        }
    }

    /// The `w` that sets when and where from a photo's own time and place (its time as its clock showed it, at the
    /// offset it had then, `DateText.at(_:)`, else as the clock in `timeZone`; with the offset so no autumn
    /// hour is ambiguous), e.g. `w 2026-11-24 09:30+01:00 48.2082,16.3738`; `nil` when the photo knows neither.
    public static func command(from photo: Photo, timeZone: TimeZone) -> String? {
        guard photo.takenAt != nil || photo.takenWhere != nil else { return nil }
        var parts = ["w"]
        if let takenAt = photo.takenAt {
            let timeZone = DateText(timeZone: timeZone).at(photo).timeZone
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: takenAt)
            let local = LocalTime(year: c.year ?? 0, month: c.month ?? 1, day: c.day ?? 1, hour: c.hour ?? 0, minute: c.minute ?? 0, offset: nil)
            parts.append(local.text + offsetText(timeZone.secondsFromGMT(for: takenAt)))
        } else {
            parts.append("now")
        }
        if let place = photo.takenWhere {
            parts.append(String(format: "%.5f,%.5f", place.latitude, place.longitude))
        }
        return parts.joined(separator: " ")
    }

    /// `+02:00`, `-03:30`.
    private static func offsetText(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        let hours = magnitude / 3_600, minutes = magnitude % 3_600 / 60
        return (seconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }
}
