/// Breaks text into lines no wider than a width, as measured in the font that will draw it.
enum PDFTextWrapper {
    /// Lines of `text` no wider than `width`: new lines are kept, lines are broken at spaces,
    /// and a word wider than the whole width is broken between characters.
    static func wrap(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            wrapParagraph(String(paragraph), width: width, measure: measure)
        }
    }

    private static func wrapParagraph(_ paragraph: String, width: Double, measure: (String) -> Double) -> [String] {
        guard measure(paragraph) > width else { return [paragraph] }
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            if measure(word) <= width {
                current = word
            } else {
                var pieces = breakWord(word, width: width, measure: measure)
                current = pieces.removeLast()
                lines += pieces
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// Pieces of a word each no wider than `width` (at least one character per piece).
    private static func breakWord(_ word: String, width: Double, measure: (String) -> Double) -> [String] {
        var pieces: [String] = []
        var current = ""
        for character in word {
            let candidate = current + String(character)
            if current.isEmpty || measure(candidate) <= width {
                current = candidate
            } else {
                pieces.append(current)
                current = String(character)
            }
        }
        pieces.append(current)
        return pieces
    }
}
