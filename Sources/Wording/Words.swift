import Domain
import Foundation

/// The product's words in one language: every sentence an edge shows is looked up here by its English text, with
/// named placeholders (`{crashID}`) that a translation may move, and plural forms chosen by the language's own rule.
/// English needs no catalog: the English text is the message.
public struct Words: Sendable {
    /// The language's code (`en`, `de`, `hu`), as in its catalog's name and `Language:` header.
    public let code: String
    /// The language's name in itself (`Deutsch`).
    public let name: String
    private let catalog: Catalog?

    /// English, the language the messages are written in.
    public static let english = Words(code: "en", name: "English", catalog: nil)

    public init(catalog: Catalog) {
        self.init(code: catalog.languageCode, name: catalog.languageName, catalog: catalog)
    }

    private init(code: String, name: String, catalog: Catalog?) {
        self.code = code
        self.name = name
        self.catalog = catalog
    }

    /// The BCP 47 tag for HTML's `lang` and HTTP's `Content-Language` (`pt-BR`).
    public var tag: String { code.replacingOccurrences(of: "_", with: "-") }

    /// The locale that formats dates and numbers in this language.
    public var locale: Locale { Locale(identifier: code) }

    /// A message in this language with its placeholders filled: `words("Crash {crashID}", ["crashID": id])`.
    /// A message the catalog lacks (or has only as an unconfirmed guess) is said in English.
    public func callAsFunction(_ id: String, context: String? = nil, _ values: [String: String] = [:]) -> String {
        var text = id
        if let message = catalog?.messages[Catalog.key(id, context: context)], !message.isFuzzy,
           let translation = message.translations.first, !translation.isEmpty {
            text = translation
        }
        return Self.fill(text, values)
    }

    /// A message that depends on a count, in the form this language uses for it: `{count}` is the count written in
    /// this language's digits and separators.
    public func plural(
        _ one: String, _ other: String, count: Int, context: String? = nil, _ values: [String: String] = [:]
    ) -> String {
        var values = values
        if values["count"] == nil { values["count"] = number(count) }
        if let catalog, let message = catalog.messages[Catalog.key(one, context: context)], !message.isFuzzy,
           message.pluralID != nil {
            let index = catalog.pluralRule.index(for: count)
            if index < message.translations.count, !message.translations[index].isEmpty {
                return Self.fill(message.translations[index], values)
            }
        }
        return Self.fill(count == 1 ? one : other, values)
    }

    /// A whole number with this language's grouping: `12,500`, `12.500`, `12 500`.
    public func number(_ value: Int) -> String {
        guard catalog != nil else { return value.formatted(.number.locale(Locale(identifier: "en_GB"))) }
        return value.formatted(.number.locale(locale))
    }

    /// A number with at most `fractionDigits` decimals, in this language's separators: `22.5`, `22,5`.
    public func decimal(_ value: Double, fractionDigits: Int = 1) -> String {
        let style = FloatingPointFormatStyle<Double>.number.precision(.fractionLength(0...fractionDigits))
        return value.formatted(style.locale(catalog == nil ? Locale(identifier: "en_GB") : locale))
    }

    /// Fills `{name}` placeholders; one with no value stays as written. A value holding right-to-left text (a name
    /// in Arabic or Hebrew) or a direction control is isolated (``isolated(_:)``), so it never moves the sentence's
    /// own words and numbers around it, wherever the sentence is shown: the PDF, the pages, the terminal, an SMS.
    public static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let name = String(rest[afterOpen..<close])
            if let value = values[name] {
                result += isolated(value)
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    /// `value` between FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069) when it holds a
    /// right-to-left letter or a direction control, so the Unicode bidirectional algorithm lays it out as a unit of
    /// its own direction (a control inside ends at the isolate's end); other text as it is (a Latin name in an SMS
    /// stays in the GSM alphabet).
    public static func isolated(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: needsIsolation) else { return value }
        return "\u{2068}" + value + "\u{2069}"
    }

    /// Whether a character is written right to left (Unicode's Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
    /// Mandaic blocks and their presentation forms, and the right-to-left scripts beyond the first plane) or directs
    /// the text around it (marks, embeddings, overrides, isolates).
    static func needsIsolation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The placeholders a message names, in order: `{count} photos of {crashID}` → `count`, `crashID`.
    public static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let name = rest[afterOpen..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
                names.append(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

extension Words {
    /// Times written as this language writes them (English keeps the product's own style).
    public func dates(_ dates: DateText) -> DateText {
        dates.written(in: code == "en" ? nil : locale)
    }
}

extension Words: Equatable {
    /// Two values of one language are the same words (a language has one catalog).
    public static func == (lhs: Words, rhs: Words) -> Bool { lhs.code == rhs.code }
}
