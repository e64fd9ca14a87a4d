import Foundation

/// Writes times the same way on every screen and document: `22 Nov 2026, 10:05 (UTC+01:00)`.
/// Day–month–year with a named month and the offset from UTC, so no reader can misread it.
public struct DateText: Sendable {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public let timeZone: TimeZone
    private let calendar: Calendar

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Date, time to the minute and UTC offset.
    public func dateTime(_ date: Date) -> String {
        "\(day(date)), \(time(date)) (\(offset(date)))"
    }

    /// `22 Nov 2026`
    public func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = Self.months[((parts.month ?? 1) - 1) % 12]
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// `10:05`
    public func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return "\(Self.twoDigits(parts.hour ?? 0)):\(Self.twoDigits(parts.minute ?? 0))"
    }

    /// `UTC`, `UTC+01:00`, `UTC-03:30`
    public func offset(_ date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        return "UTC\(seconds < 0 ? "-" : "+")\(Self.twoDigits(minutes / 60)):\(Self.twoDigits(minutes % 60))"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
