/// Writes a span of time the way people say it: `40 minutes`, `5 hours`, `3 days`, `18 years`.
public enum DurationText {
    public static func describe(seconds: Double) -> String {
        let magnitude = abs(seconds)
        func count(_ value: Double, _ noun: String) -> String {
            let whole = Int(value.rounded(.down))
            return whole == 1 ? "1 \(noun)" : "\(whole) \(noun)s"
        }
        switch magnitude {
        case ..<(2 * 3_600): return count(max(1, magnitude / 60), "minute")
        case ..<(2 * 86_400): return count(magnitude / 3_600, "hour")
        case ..<(365.25 * 86_400): return count(magnitude / 86_400, "day")
        default: return count(magnitude / (365.25 * 86_400), "year")
        }
    }
}
