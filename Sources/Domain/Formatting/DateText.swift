import Foundation

/// Writes times the same way on every screen and document: `22 Nov 2026, 10:05 (UTC+01:00)`.
/// Day–month–year with a named month and the offset from UTC, so no reader can misread it. In another language the
/// date and time are written as its locale writes them (`22. Nov. 2026, 10:05`, `2026. nov. 22. 10:05`), one style
/// per language, with the same offset after them.
public struct DateText: Sendable {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public let timeZone: TimeZone
    /// The locale dates are written in; `nil` for the product's own English style.
    public let locale: Locale?
    private let calendar: Calendar

    public init(timeZone: TimeZone = .current, locale: Locale? = nil) {
        self.timeZone = timeZone
        self.locale = locale
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The same times written in another locale (`nil`: the product's English style).
    public func written(in locale: Locale?) -> DateText {
        DateText(timeZone: timeZone, locale: locale)
    }

    private func style(date: Date.FormatStyle.DateStyle, time: Date.FormatStyle.TimeStyle, _ locale: Locale) -> Date.FormatStyle {
        Date.FormatStyle(date: date, time: time, locale: locale, calendar: calendar, timeZone: timeZone)
    }

    /// Times as read at a crash scene: in the scene's offset from UTC when it is known, else in this zone. Every
    /// screen and document shows a report's times this way, so the same report reads the same wherever it is shown.
    public func at(_ scene: CrashScene) -> DateText {
        guard let minutes = scene.utcOffsetMinutes, let zone = TimeZone(secondsFromGMT: minutes * 60) else { return self }
        return DateText(timeZone: zone, locale: locale)
    }

    /// Times as a photo's clock showed them: at the offset from UTC it had when the photo was taken (the camera's
    /// own, or its zone's at that instant, summer or winter, ``Photo/takenUTCOffsetMinutes``), so a photo reads the
    /// same on every screen and document; else as this.
    public func at(_ photo: Photo) -> DateText {
        guard let minutes = photo.takenUTCOffsetMinutes, let zone = TimeZone(secondsFromGMT: minutes * 60) else { return self }
        return DateText(timeZone: zone, locale: locale)
    }

    /// Date, time to the minute and UTC offset.
    public func dateTime(_ date: Date) -> String {
        let offsetSeconds = timeZone.secondsFromGMT(for: date)
        if let locale {
            return "\(Self.twoDigitHour(date.formatted(style(date: .abbreviated, time: .shortened, locale)))) (\(Self.offset(seconds: offsetSeconds)))"
        }
        let local = fields(date, offsetSeconds: offsetSeconds)
        return "\(Self.day(local)), \(Self.time(local)) (\(Self.offset(seconds: offsetSeconds)))"
    }

    /// `22 Nov 2026`
    public func day(_ date: Date) -> String {
        if let locale { return date.formatted(style(date: .abbreviated, time: .omitted, locale)) }
        return Self.day(fields(date, offsetSeconds: timeZone.secondsFromGMT(for: date)))
    }

    /// A calendar day (no time, no zone): `1 May 2025`, `01.05.2025` in German's abbreviated style.
    public func day(_ day: CalendarDay) -> String {
        if let locale {
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(secondsFromGMT: 0) ?? timeZone
            let noon = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 43_200)
            return noon.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: utc, timeZone: utc.timeZone))
        }
        return "\(day.day) \(Self.months[(day.month - 1) % 12]) \(day.year)"
    }

    /// `10:05`
    public func time(_ date: Date) -> String {
        if let locale { return Self.twoDigitHour(date.formatted(style(date: .omitted, time: .shortened, locale))) }
        return Self.time(fields(date, offsetSeconds: timeZone.secondsFromGMT(for: date)))
    }

    /// The hour written with two digits, `03:06` rather than `3:06`, as every shipped language writes a time of its
    /// 24-hour clock on forms and as the English style does (the locale data here gives one digit before ten).
    static func twoDigitHour(_ text: String) -> String {
        let characters = Array(text)
        func isDigit(_ index: Int) -> Bool { characters.indices.contains(index) && ("0"..."9").contains(characters[index]) }
        var result = ""
        for index in characters.indices {
            // A lone digit, then `:` and exactly two digits: an hour before ten.
            if isDigit(index), !isDigit(index - 1), characters.indices.contains(index + 1), characters[index + 1] == ":",
               isDigit(index + 2), isDigit(index + 3), !isDigit(index + 4) {
                result.append("0")
            }
            result.append(characters[index])
        }
        return result
    }

    // MARK: - Calendar fields

    /// The local year, month, day, hour and minute of a moment.
    private struct Fields {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
    }

    /// Local time from 1601-01-01 up to (not including) 10000-01-01 (seconds since 1970). Between them Foundation's
    /// Gregorian calendar is the proleptic Gregorian one, so arithmetic gives the same fields, many times faster
    /// (View crash reports writes one time per row); outside them the calendar answers.
    private static let arithmeticRange: Range<Double> = -11_644_473_600 ..< 253_402_300_800

    private func fields(_ date: Date, offsetSeconds: Int) -> Fields {
        let local = date.timeIntervalSince1970 + Double(offsetSeconds)
        guard Self.arithmeticRange.contains(local) else {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return Fields(
                year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1,
                hour: parts.hour ?? 0, minute: parts.minute ?? 0
            )
        }
        let seconds = Int(local.rounded(.down))
        let (days, secondOfDay) = CivilCalendar.floorDivision(seconds, 86_400)
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        return Fields(year: year, month: month, day: day, hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60)
    }

    private static func day(_ fields: Fields) -> String {
        "\(fields.day) \(months[(fields.month - 1) % 12]) \(fields.year)"
    }

    private static func time(_ fields: Fields) -> String {
        "\(twoDigits(fields.hour)):\(twoDigits(fields.minute))"
    }

    /// `UTC`, `UTC+01:00`, `UTC-03:30`
    public func offset(_ date: Date) -> String {
        Self.offset(seconds: timeZone.secondsFromGMT(for: date))
    }

    private static func offset(seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        return "UTC\(seconds < 0 ? "-" : "+")\(Self.twoDigits(minutes / 60)):\(Self.twoDigits(minutes % 60))"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
