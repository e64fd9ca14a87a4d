/// What text a field may hold — the one place this is checked, for the app, the wire and the server alike:
///
/// - **Characters** as a reader counts them, and — since one character may be made of any number of code points (a
///   letter with two million combining accents is one character) — **UTF-8 bytes** too, at most four per allowed
///   character.
/// - **Plain text only**: no control characters (the C0 and C1 controls, DEL — an escape sequence, a bell, a tab), no
///   line or paragraph separators, and none of the invisible marks that reorder text for display (bidirectional
///   embeddings, overrides and isolates), so what is stored, sent and printed reads as it was typed. A field that
///   may hold several lines (``allowsLineBreaks``) takes the line feed.
public struct TextLimit: Sendable, Hashable {
    /// The most characters.
    public let characters: Int
    /// Whether the text may hold line feeds (`\n`); never any other control character.
    public let allowsLineBreaks: Bool

    public init(characters: Int, allowsLineBreaks: Bool = false) {
        self.characters = characters
        self.allowsLineBreaks = allowsLineBreaks
    }

    /// The most UTF-8 bytes: four per allowed character.
    public var bytes: Int { characters * 4 }

    /// What is wrong with `text`, or `nil` when it may be kept. Bytes are counted first, so an oversized text is
    /// refused without walking its characters.
    public func problem(with text: String) -> TextProblem? {
        let byteCount = text.utf8.count
        guard byteCount <= bytes else { return .bytes(count: byteCount, limit: bytes) }
        if let scalar = text.unicodeScalars.first(where: { !isAllowed($0) }) {
            return .controlCharacter(scalar.value)
        }
        let characterCount = text.count
        guard characterCount <= characters else { return .characters(count: characterCount, limit: characters) }
        return nil
    }

    /// Refuses text over the limit, in characters or in bytes, or holding a character plain text may not, naming the
    /// field: for data rebuilt from storage or the wire.
    public func check(_ text: String, field: String) throws(InvalidReportData) {
        switch problem(with: text) {
        case let .characters(count, limit)?: throw InvalidReportData(field: field, problem: .tooLong(count: count, limit: limit))
        case let .bytes(count, limit)?: throw InvalidReportData(field: field, problem: .tooLarge(bytes: count, limit: limit))
        case let .controlCharacter(codePoint)?: throw InvalidReportData(field: field, problem: .controlCharacter(codePoint))
        case nil: break
        }
    }

    /// `text` with every character this field may not hold replaced by U+FFFD (�), for text that does not come from
    /// a person typing it, such as a photo's file name on disk.
    public func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
        }
        return String(scalars)
    }

    private func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: allowsLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: false
        // Line and paragraph separators; bidirectional embeddings, overrides (LRE…RLO) and isolates (LRI…PDI).
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: false
        default: true
        }
    }

    /// The other driver's note (several lines allowed).
    public static let note = TextLimit(characters: ReportLimits.maximumNoteLength, allowsLineBreaks: true)
    /// The address of the crash scene.
    public static let address = TextLimit(characters: 500)
    /// A photo's original file name.
    public static let fileName = TextLimit(characters: 1_024)
    /// The name a server account (a user, a detector) is added and known by.
    public static let accountName = TextLimit(characters: 100)
    /// The message an insurer's claims handler sends the driver with the claim number (several lines allowed).
    public static let claimMessage = TextLimit(characters: 500, allowsLineBreaks: true)
}

/// Text a field may not hold: too many characters, too many bytes for the characters it has, or a control character
/// (its code point).
public enum TextProblem: Sendable, Hashable {
    case characters(count: Int, limit: Int)
    case bytes(count: Int, limit: Int)
    case controlCharacter(UInt32)
}
