import Foundation

/// Reads EXIF date texts (`2026:11:21 17:42:10`) and offsets (`+01:00`) strictly: a text that is not a real
/// calendar moment gives `nil`, never a date the calendar quietly moved.
enum ExifDate {
    /// The moment the wall-clock text names, given its offset from UTC (0 reads it as if it were UTC).
    static func date(from text: String, offsetSeconds: Int) -> Date? {
        let characters = Array(text.utf8)
        guard characters.count >= 19 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for character in characters[start..<(start + length)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
                value = value * 10 + Int(character - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1900...9999).contains(year), (1...12).contains(month),
              (1...CivilCalendar.daysInMonth(month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else {
            return nil
        }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `+01:00` → 3600, `-03:30` → -12600; `nil` for anything else.
    static func offsetSeconds(_ text: String) -> Int? {
        let characters = Array(text.utf8)
        guard characters.count == 6, characters[3] == UInt8(ascii: ":") else { return nil }
        let sign: Int
        switch characters[0] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        let digits = [characters[1], characters[2], characters[4], characters[5]]
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hours = values[0] * 10 + values[1]
        let minutes = values[2] * 10 + values[3]
        guard hours <= 14, minutes < 60 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }

    /// The UTC offset that a camera's wall-clock time and the GPS time (UTC) of the same photo imply: their
    /// difference, when it lies within ``gpsAgreement`` of a whole quarter hour (zones are whole quarter hours
    /// from UTC) and within ±14 hours; `nil` when they disagree (a stale GPS fix, a camera clock off by minutes).
    /// - Parameter wallClock: the camera's time read as if it were UTC.
    static func offsetImplied(wallClock: Date, utc: Date) -> Int? {
        let difference = wallClock.timeIntervalSince(utc)
        let quarterHours = (difference / 900).rounded()
        guard abs(difference - quarterHours * 900) <= gpsAgreement, abs(quarterHours) <= 56 else { return nil }
        return Int(quarterHours) * 900
    }

    /// How far a camera time and the GPS time may be from a whole quarter hour apart and still give a zone.
    static let gpsAgreement: TimeInterval = 5 * 60

    /// The moment a wall-clock time names in a time zone (summer time included).
    /// - Parameter wallClock: the wall-clock time read as if it were UTC.
    static func moment(wallClock: Date, in timeZone: TimeZone) -> Date {
        let guess = wallClock.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: wallClock)))
        return wallClock.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess)))
    }
}
