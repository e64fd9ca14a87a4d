import Domain

/// A question the statement's pages are asking, one field at a time: its label, the value kept when the driver just
/// presses Enter, and how to answer.
public struct StatementQuestion: Sendable, Hashable {
    public let label: String
    /// What the field holds now (kept on Enter); `nil` when empty.
    public let current: String?
    /// How to answer, when the field has a form (`31.12.2026`, `+36 30 123 4567`, the impact points).
    public let hint: String?
    /// "3 of 23" while walking several fields.
    public let step: String?

    /// What answering does, besides typing a value.
    public static let keys = "Enter keeps the value, - clears it, . stops asking"

    /// How a field of this kind is typed.
    static func hint(for kind: StatementFieldKind) -> String? {
        switch kind {
        case .text: nil
        case .phone: "with + and the country code, e.g. +36 30 123 4567"
        case .email: "e.g. name@example.com"
        case .plate: "as on the plate, e.g. ABC-123"
        case .country: "the code or the sign on the plate, e.g. HU or H, DE or D"
        case .day: "day first, e.g. 31.12.2026"
        case .yesNo: "y or n"
        case .zone: ImpactZone.allCases.enumerated().map { "\($0.offset + 1) \($0.element.rawValue)" }.joined(separator: ", ")
        }
    }

    /// A field's value as a person reads it (a day day first, a zone in words).
    static func shown(_ value: String?, kind: StatementFieldKind) -> String? {
        guard let value else { return nil }
        switch kind {
        case .day:
            guard let day = try? CalendarDay(parsing: value) else { return value }
            return "\(day.day).\(day.month).\(day.year)"
        case .zone: return ImpactZone(rawValue: value)?.displayName ?? value
        case .country: return (try? RegistrationCountry(parsing: value))?.displayText ?? value
        default: return value
        }
    }
}

/// The answer to a question: a value, keeping the one there, clearing it, or stopping.
enum StatementAnswer: Equatable {
    case keep
    case clear
    case stop
    case value(String)

    init(_ line: String) {
        switch line.trimmingCharacters(in: .whitespaces) {
        case "": self = .keep
        case "-": self = .clear
        case ".": self = .stop
        default: self = .value(line)
        }
    }
}
