import Domain
import Wording

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

    /// The line under the prompt: how to answer (the hint, when there is one) and what answering does besides typing
    /// a value.
    public static func note(hint: String?, words: Words) -> String {
        guard let hint else { return words("Enter keeps the value, - clears it, . stops asking.") }
        return words("{hint}. Enter keeps the value, - clears it, . stops asking.", ["hint": hint])
    }

    /// "3 of 23": where a walk through several fields is.
    static func step(_ number: Int, of total: Int, words: Words) -> String {
        words("{number} of {total}", ["number": words.number(number), "total": words.number(total)])
    }

    /// How a field of this kind is typed.
    static func hint(for kind: StatementFieldKind, words: Words) -> String? {
        switch kind {
        case .text: nil
        case .phone: words("with + and the country code, e.g. +36 30 123 4567")
        case .email: words("e.g. name@example.com")
        case .plate: words("as on the plate, e.g. ABC-123")
        case .country: words("the code or the sign on the plate, e.g. HU or H, DE or D")
        case .day: words("day first, e.g. 31.12.2026")
        case .yesNo: YesNo.hint(words: words)
        // The points' names are typed as they are: a list of keys, not a sentence.
        case .zone:
            ImpactZone.allCases.enumerated().map { "\($0.offset + 1) \(StatementWords(words).typedZone($0.element))" }.joined(separator: ", ")
        }
    }

    /// What the driver typed, as the statement's rules read it: a yes or a no and a point of impact typed in the
    /// driver's language become the words the statement keeps (`yes`, `rear-left`); anything else goes as typed, for
    /// the rules to judge and name.
    static func canonical(_ text: String, kind: StatementFieldKind, words: Words) -> String {
        switch kind {
        case .yesNo:
            guard let answer = YesNo.answer(text, words: words) else { return text }
            return answer ? "yes" : "no"
        case .zone:
            return StatementWords(words).zone(typed: text)?.rawValue ?? text
        default:
            return text
        }
    }

    /// A field's value as a person reads it (a day day first as it is typed, a zone in words, yes or no in the
    /// language).
    static func shown(_ value: String?, kind: StatementFieldKind, words: Words) -> String? {
        guard let value else { return nil }
        switch kind {
        case .day:
            guard let day = try? CalendarDay(parsing: value) else { return value }
            return "\(day.day).\(day.month).\(day.year)"
        case .zone: return ImpactZone(rawValue: value).map(StatementWords(words).zone) ?? value
        case .country: return (try? RegistrationCountry(parsing: value))?.displayText ?? value
        case .yesNo: return value == "yes" ? StatementWords(words).yesNo(true) : value == "no" ? StatementWords(words).yesNo(false) : value
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
