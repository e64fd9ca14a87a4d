import Foundation

/// The product's English messages, read from the catalogs' template: what a screen, page or document in another
/// language must not show.
public enum EnglishMessages {
    /// The text of every message between its placeholders (`{name}` and `{{name}}` alike), trimmed of spaces and
    /// punctuation, when it has at least `minimumWords` words: a piece of English a translation would have replaced.
    public static func fragments(minimumWords: Int = 3) -> [String] {
        let template = Repository.root.appendingPathComponent("Sources/Wording/Catalogs/messages.pot")
        guard let text = try? String(contentsOf: template, encoding: .utf8) else { return [] }
        var fragments: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("msgid \"") || line.hasPrefix("msgid_plural \"") {
            let message = line.drop { $0 != "\"" }.dropFirst().dropLast().replacingOccurrences(of: "\\\"", with: "\"")
            for piece in message.split(separator: /\{\{[^}]*\}\}|\{[^}]*\}/) {
                let fragment = piece.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
                if fragment.split(separator: " ").count >= minimumWords { fragments.insert(fragment) }
            }
        }
        return fragments.sorted()
    }
}
