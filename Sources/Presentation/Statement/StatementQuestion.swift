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
    /// Whether it asks to choose one of the numbered choices its hint lists, with nothing kept to keep or clear (the
    /// kind of a party being added).
    public var isChoice = false

    /// The line under the prompt: how to answer (the hint, when there is one) and what answering does besides typing
    /// a value.
    public static func note(hint: String?, words: Words) -> String {
        guard let hint else { return words("Enter keeps the value, - clears it, . stops asking.") }
        // The sentence's own full stop follows the hint: one it ends with already is not doubled.
        var shown = Substring(hint)
        while let last = shown.last, ".…。".contains(last) { shown = shown.dropLast() }
        return words("{hint}. Enter keeps the value, - clears it, . stops asking.", ["hint": String(shown)])
    }

    /// The line under the prompt for `question`: for a choice, its choices and how to choose.
    public static func note(for question: StatementQuestion, words: Words) -> String {
        guard question.isChoice, let hint = question.hint else { return note(hint: question.hint, words: words) }
        return words("{choices}. Type the number; . stops asking.", ["choices": hint])
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

    /// A field's value as a person reads it, on the screen as in the documents (``StatementWords/value(of:_:)``): a day
    /// as the language writes days, a zone in words, yes or no in the language.
    static func shown(_ value: String?, kind: StatementFieldKind, words: Words) -> String? {
        value.map { StatementWords(words).value(of: kind, $0) }
    }
}

extension StatementQuestion {
    /// Why a typed value was not kept. A phone number without `+` when the column has no country of registration
    /// yet says that the country, once given, is where it would be read.
    static func refusal(_ error: StatementFieldError, of field: VehicleField, country: String?, words: Words) -> String {
        let reason = ErrorText.sentence(for: error, words: words)
        if case .phone(.missingCountryCode) = error, field == .policyholderPhone, country == nil {
            let number = VehicleField.allCases.firstIndex(of: .plateCountry)! + 1
            return words("Not kept: {reason} Or give the country of registration first (field {number}): a number without + is then read in that country.", [
                "reason": reason, "number": String(number),
            ])
        }
        return words("Not kept: {reason}", ["reason": reason])
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
