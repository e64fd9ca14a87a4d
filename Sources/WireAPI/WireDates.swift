import Domain
import Foundation
import OpenAPIRuntime

/// How times cross the wire: RFC 3339 in UTC with microseconds (`2026-11-21T17:42:05.123456Z`), so a time sent
/// and read back is the same to the microsecond. Reading takes any RFC 3339 time: with or without a fraction, with
/// `Z` or an offset.
public struct WireDates: DateTranscoder, Sendable {
    public init() {}

    public func encode(_ date: Date) throws -> String {
        Self.format(date)
    }

    public func decode(_ text: String) throws -> Date {
        guard let date = Self.parse(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "'\(text.prefix(64))' is not an RFC 3339 time such as 2026-11-21T17:42:05Z")
            )
        }
        return date
    }

    // MARK: - Writing

    static func format(_ date: Date) -> String {
        let totalMicroseconds = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard totalMicroseconds.isFinite, abs(totalMicroseconds) < 2.5e17 else { return "1970-01-01T00:00:00Z" }
        let (seconds, fraction) = CivilCalendar.floorDivision(Int(totalMicroseconds), 1_000_000)
        let (days, secondOfDay) = CivilCalendar.floorDivision(seconds, 86_400)
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        let time = "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(time).\(pad(fraction, 6))Z"
    }

    // MARK: - Reading

    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<(index + width)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += width
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              expect("Tt "), let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2)
        else { return nil }
        guard (1...12).contains(month), (1...Int64(CivilCalendar.daysInMonth(Int(month), year: Int(year)))).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds: Int64 = 0
        if expect("Zz") {
            // UTC
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = number(2), expect(":"), let offsetMinutes = number(2),
                  offsetHours < 24, offsetMinutes < 60 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = Int64(CivilCalendar.daysSinceEpoch(year: Int(year), month: Int(month), day: Int(day)))
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
