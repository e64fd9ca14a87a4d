/// Text a person typed, as a message quotes it back when refusing it: whole, or, when it is long, its start and its
/// end around `…`, so a pasted page is not printed again and both ends of what was typed can still be recognised.
public enum EchoText {
    /// The longest text quoted whole, in characters.
    public static let limit = 60

    /// `text` whole when it has at most `limit` characters; else its start, `…` and its end, `limit` characters in
    /// all (`Deutschland`; `zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…zzzzzzzzzzzzzzzzzzzzzzzzzzzzz`).
    public static func shortened(_ text: String, limit: Int = limit) -> String {
        guard text.count > limit else { return text }
        let kept = max(limit - 1, 2)
        let head = (kept + 1) / 2
        return String(text.prefix(head)) + "…" + String(text.suffix(kept - head))
    }
}
