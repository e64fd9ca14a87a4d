/// How much text a field may hold: characters as a reader counts them, and — since one character may be made of
/// any number of code points (a letter with two million combining accents is one character) — UTF-8 bytes too, at
/// most four per allowed character. The one place both are checked, for the app, the wire and the server alike.
public struct TextLimit: Sendable, Hashable {
    /// The most characters.
    public let characters: Int

    public init(characters: Int) {
        self.characters = characters
    }

    /// The most UTF-8 bytes: four per allowed character.
    public var bytes: Int { characters * 4 }

    /// What is wrong with `text`, or `nil` when it fits. Bytes are counted first, so an oversized text is refused
    /// without walking its characters.
    public func overflow(of text: String) -> TextOverflow? {
        let byteCount = text.utf8.count
        guard byteCount <= bytes else { return .bytes(count: byteCount, limit: bytes) }
        let characterCount = text.count
        guard characterCount <= characters else { return .characters(count: characterCount, limit: characters) }
        return nil
    }

    /// The other driver's note.
    public static let note = TextLimit(characters: ReportLimits.maximumNoteLength)
    /// The address of the crash scene.
    public static let address = TextLimit(characters: 500)
    /// A photo's original file name.
    public static let fileName = TextLimit(characters: 1_024)
}

/// Text over its ``TextLimit``: too many characters, or too many bytes for the characters it has.
public enum TextOverflow: Sendable, Hashable {
    case characters(count: Int, limit: Int)
    case bytes(count: Int, limit: Int)
}
