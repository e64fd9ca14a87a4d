import Foundation

/// One language's messages, read from a gettext catalog (`.po`): the format translators' tools (Poedit, Weblate,
/// Lokalize, `msgfmt`) read and write, with contexts, plural forms by the language's own rule, and comments for the
/// translator. A message is found by its English text (`msgid`) and, where the same English says two things, its
/// context (`msgctxt`).
public struct Catalog: Sendable {
    /// The language's code, from the `Language:` header (`de`, `pt_BR`).
    public let languageCode: String
    /// The language's name in itself (`Deutsch`), from the `X-Language-Name:` header, for the language switch.
    public let languageName: String
    public let pluralRule: PluralRule
    /// Every message, by its key (``Catalog/key(_:context:)``).
    public let messages: [String: Message]

    public struct Message: Sendable, Equatable {
        public var context: String?
        public var id: String
        public var pluralID: String?
        /// One form, or one per plural form in the language's order.
        public var translations: [String]
        /// Marked `#, fuzzy`: a guess a translator has not confirmed, never shown.
        public var isFuzzy: Bool
        /// The line in the file where it starts, for the catalog check's messages.
        public var line: Int
    }

    /// The key of a message: its English text, after its context and an EOT (gettext's own separator) if it has one.
    public static func key(_ id: String, context: String?) -> String {
        context.map { "\($0)\u{4}\(id)" } ?? id
    }

    public init(languageCode: String, languageName: String, pluralRule: PluralRule, messages: [String: Message]) {
        self.languageCode = languageCode
        self.languageName = languageName
        self.pluralRule = pluralRule
        self.messages = messages
    }

    /// Reads a `.po` file's text.
    public init(poText text: String) throws(CatalogError) {
        var messages: [String: Message] = [:]
        var header: [String: String] = [:]
        var entry = Entry()
        var field: Field?
        var lineNumber = 0

        func finish() throws(CatalogError) {
            defer { entry = Entry() ; field = nil }
            guard let id = entry.id else {
                if entry.started { throw .syntax(line: entry.line, "an entry without msgid") }
                return
            }
            if id.isEmpty, entry.context == nil {
                for line in (entry.strings[0] ?? "").split(separator: "\n") {
                    let pair = line.split(separator: ":", maxSplits: 1)
                    if pair.count == 2 { header[String(pair[0]).trimmingCharacters(in: .whitespaces)] = String(pair[1]).trimmingCharacters(in: .whitespaces) }
                }
                return
            }
            let count = (entry.strings.keys.max() ?? -1) + 1
            let translations = (0..<count).map { entry.strings[$0] ?? "" }
            let message = Message(
                context: entry.context, id: id, pluralID: entry.pluralID, translations: translations,
                isFuzzy: entry.fuzzy, line: entry.line
            )
            let key = Catalog.key(id, context: entry.context)
            guard messages[key] == nil else { throw .syntax(line: entry.line, "the message “\(id)” is in the catalog twice") }
            messages[key] = message
        }

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { try finish(); continue }
            if line.hasPrefix("#") {
                // A comment after a message's strings starts the next entry.
                if entry.id != nil, field != nil, entry.strings.isEmpty == false { try finish() }
                if line.hasPrefix("#,"), line.contains("fuzzy") { entry.fuzzy = true }
                if line.hasPrefix("#~") { continue }
                entry.markStarted(lineNumber)
                continue
            }
            if line.hasPrefix("\"") {
                guard let field else { throw .syntax(line: lineNumber, "a string outside a message") }
                entry.append(try Self.unquote(line, line: lineNumber), to: field)
                continue
            }
            let keyword = line.prefix { !$0.isWhitespace }
            let rest = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            let value = try Self.unquote(rest, line: lineNumber)
            switch keyword {
            case "msgctxt":
                if entry.id != nil { try finish() }
                entry.markStarted(lineNumber)
                entry.context = value
                field = .context
            case "msgid":
                if entry.id != nil { try finish() }
                entry.markStarted(lineNumber)
                entry.id = value
                field = .id
            case "msgid_plural":
                guard entry.id != nil else { throw .syntax(line: lineNumber, "msgid_plural before msgid") }
                entry.pluralID = value
                field = .pluralID
            case "msgstr":
                guard entry.id != nil else { throw .syntax(line: lineNumber, "msgstr before msgid") }
                entry.strings[0] = value
                field = .string(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                      let index = Int(keyword.dropFirst(7).dropLast()), (0..<6).contains(index) else {
                    throw .syntax(line: lineNumber, "“\(keyword)” is not a catalog keyword")
                }
                guard entry.id != nil else { throw .syntax(line: lineNumber, "msgstr before msgid") }
                entry.strings[index] = value
                field = .string(index)
            }
        }
        try finish()

        guard let code = header["Language"], !code.isEmpty else { throw .header("no Language: header") }
        self.languageCode = code
        self.languageName = header["X-Language-Name"] ?? code
        if let forms = header["Plural-Forms"] {
            do { self.pluralRule = try PluralRule(header: forms) } catch { throw .header("its Plural-Forms does not parse (\(error))") }
        } else {
            self.pluralRule = .english
        }
        self.messages = messages
    }

    private enum Field { case context, id, pluralID, string(Int) }

    private struct Entry {
        var context: String?
        var id: String?
        var pluralID: String?
        var strings: [Int: String] = [:]
        var fuzzy = false
        var line = 0
        var started = false

        mutating func markStarted(_ line: Int) {
            if !started { self.line = line; started = true }
        }

        mutating func append(_ text: String, to field: Field) {
            switch field {
            case .context: context = (context ?? "") + text
            case .id: id = (id ?? "") + text
            case .pluralID: pluralID = (pluralID ?? "") + text
            case let .string(index): strings[index] = (strings[index] ?? "") + text
            }
        }
    }

    /// A C string literal's text: `"a \"b\"\n"` → `a "b"` and a line end.
    private static func unquote(_ literal: String, line: Int) throws(CatalogError) -> String {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\"") else {
            throw .syntax(line: line, "a string must be in double quotes")
        }
        var result = ""
        var escaping = false
        for character in literal.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                default: throw .syntax(line: line, "the escape \\\(character) is not one a catalog uses")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "\"" {
                throw .syntax(line: line, "a double quote inside a string must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaping { throw .syntax(line: line, "a string ends with a lone backslash") }
        return result
    }
}

public enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    case syntax(line: Int, String)
    case header(String)

    public var description: String {
        switch self {
        case let .syntax(line, problem): "line \(line): \(problem)"
        case let .header(problem): "the header: \(problem)"
        }
    }
}
