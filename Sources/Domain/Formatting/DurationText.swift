/// Writes a span of time the way people say it: `40 minutes`, `5 hours`, `3 days`, `18 years`.
public enum DurationText {
    /// The unit a span is said in.
    public enum Unit: Sendable, Equatable { case minute, hour, day, year }

    /// The whole number of the largest unit that says a span well: at least 2 hours in hours, 2 days in days, a year
    /// in years; at least one minute.
    public static func span(seconds: Double) -> (count: Int, unit: Unit) {
        let magnitude = abs(seconds)
        func whole(_ value: Double) -> Int { Int(value.rounded(.down)) }
        switch magnitude {
        case ..<(2 * 3_600): return (whole(max(1, magnitude / 60)), .minute)
        case ..<(2 * 86_400): return (whole(magnitude / 3_600), .hour)
        case ..<(365.25 * 86_400): return (whole(magnitude / 86_400), .day)
        default: return (whole(magnitude / (365.25 * 86_400)), .year)
        }
    }

    public static func describe(seconds: Double) -> String {
        let (count, unit) = span(seconds: seconds)
        let noun = switch unit {
        case .minute: "minute"
        case .hour: "hour"
        case .day: "day"
        case .year: "year"
        }
        return count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
