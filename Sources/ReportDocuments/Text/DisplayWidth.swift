/// How many columns text takes in a terminal or another fixed-width grid: a wide East Asian character or an emoji two,
/// a combining mark or an invisible format character none, anything else one.
public enum DisplayWidth {
    /// The columns a character (one grapheme cluster: `é` written as `e` and a combining accent is one) takes.
    public static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // A mark with nothing to sit on, a zero-width space or joiner, a control character: nothing to see.
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        // A text-style symbol followed by the emoji variation selector is drawn as an emoji.
        if character.unicodeScalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The columns a text takes.
    public static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// `text` with spaces after it to fill `width` columns (a wider text is left as it is).
    public static func padded(_ text: some StringProtocol, to width: Int) -> String {
        String(text) + String(repeating: " ", count: max(0, width - columns(of: text)))
    }
}
