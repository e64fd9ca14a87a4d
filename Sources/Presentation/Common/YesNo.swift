import Foundation
import Wording

/// The answer to a yes/no question, as the driver may type it: `y`, `yes`, `n`, `no`, and the words of the app's
/// language (`ja`/`nein`, `oui`/`non`, …) or their first letters, in any case. Anything else is no answer: the
/// question is asked again, and what was typed is never run as a key of the screen behind it.
public enum YesNo {
    /// `true` for yes, `false` for no, `nil` when `text` is neither.
    public static func answer(_ text: String, words: Words) -> Bool? {
        let typed = folded(text)
        guard !typed.isEmpty else { return nil }
        let yes = forms(words("yes", context: "the answer to a yes/no question"), english: "yes")
        let no = forms(words("no", context: "the answer to a yes/no question"), english: "no")
        // A first letter shared by both words (none in the shipped languages) stands for neither.
        let shared = yes.intersection(no)
        if yes.contains(typed), !shared.contains(typed) { return true }
        if no.contains(typed), !shared.contains(typed) { return false }
        return nil
    }

    /// How to answer, in the language: its words for yes and no, and y or n, which every language takes.
    public static func hint(words: Words) -> String {
        let yes = words("yes", context: "the answer to a yes/no question")
        let no = words("no", context: "the answer to a yes/no question")
        guard folded(yes) != "yes" || folded(no) != "no" else { return words("y or n") }
        return words("{yes} or {no} (y or n)", ["yes": yes, "no": no])
    }

    /// The sentence that asks again: what was typed is neither answer.
    public static func askAgain(_ text: String, words: Words) -> String {
        let typed = text.trimmingCharacters(in: .whitespaces)
        return typed.isEmpty
            ? words("Type y for yes or n for no.")
            : words("{answer} is not an answer to the question: type y for yes or n for no.", ["answer": LineText.echo(typed, words: words)])
    }

    /// The word, its first letter, and the English word and letter, lowercased without accents.
    private static func forms(_ word: String, english: String) -> Set<String> {
        let word = folded(word)
        return [word, String(word.prefix(1)), english, String(english.prefix(1))]
    }

    private static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
