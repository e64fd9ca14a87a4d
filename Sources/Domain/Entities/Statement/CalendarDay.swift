/// A day on the calendar, without a time or a zone: a date of birth, the day an insurance or a licence runs until.
/// Typed as `2026-04-01`, `1.4.2026`, `01/04/2026` or `01-04-2026` (day first, as on European documents); kept and
/// sent as `YYYY-MM-DD`.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years a day on a statement may fall in.
    public static let years = 1900...2199

    /// - Throws: ``CalendarDayError`` for a month or day that does not exist, or a year outside ``years``.
    public init(year: Int, month: Int, day: Int) throws(CalendarDayError) {
        guard Self.years.contains(year) else { throw .yearOutOfRange(year) }
        guard (1...12).contains(month) else { throw .noSuchDay }
        guard (1...CivilCalendar.daysInMonth(month, year: year)).contains(day) else { throw .noSuchDay }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A day computed by ``CivilCalendar`` (which only gives days that exist), in any year: for the day of a crash.
    init(computed date: (year: Int, month: Int, day: Int)) {
        year = date.year
        month = date.month
        day = date.day
    }

    /// Reads a typed day: year first with dashes (`2026-04-01`), or day first with dots, slashes or dashes
    /// (`1.4.2026`, `01/04/2026`); surrounding spaces are ignored.
    public init(parsing raw: String) throws(CalendarDayError) {
        var text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .empty }
        // Hungarian order, `2026. 12. 31.`: the year first, a dot after each part.
        if text.hasSuffix("."), text.utf8.count <= 16, text.first?.isNumber == true {
            let compact = String(text.dropLast()).replacingOccurrences(of: ". ", with: ".")
            if compact.split(separator: ".").first?.count == 4 { text = compact }
        }
        guard text.utf8.count <= 12, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E || $0 == 0x2F }) else {
            throw .notADay(raw.trimmingCharacters(in: .whitespaces))
        }
        let parts = text.split(separator: /[-.\/]/, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }), let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2]) else {
            throw .notADay(text)
        }
        if parts[0].count == 4 {
            try self.init(year: a, month: b, day: c)
        } else if parts[2].count == 4, parts[0].count <= 2, parts[1].count <= 2 {
            try self.init(year: c, month: b, day: a)
        } else {
            throw .notADay(text)
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) }

    /// Whole years from this day to `later` (an age on that day).
    public func years(until later: CalendarDay) -> Int {
        var years = later.year - year
        if (later.month, later.day) < (month, day) { years -= 1 }
        return years
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// Why typed text is not a day.
public enum CalendarDayError: Error, Sendable, Hashable {
    case empty
    /// Not in a form a day is written in (what was typed).
    case notADay(String)
    /// A month or day the calendar does not have (31 April, 29 February in a common year).
    case noSuchDay
    case yearOutOfRange(Int)
}
