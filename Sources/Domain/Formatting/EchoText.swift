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

    /// Two texts quoted side by side (an old value and the one replacing it), each shortened to where they differ when
    /// either is long: the start they share and the end they share give way to `…`, keeping a few characters of each
    /// around the difference, so the change can be seen. Texts that fit are given whole.
    public static func difference(_ old: String, _ new: String, limit: Int = limit) -> (old: String, new: String) {
        guard old.count > limit || new.count > limit else { return (old, new) }
        let a = Array(old), b = Array(new)
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var end = 0
        while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
        let context = 12
        func cut(_ text: [Character]) -> String {
            let from = max(0, start - context)
            let to = min(text.count, text.count - end + context)
            var middle = String(text[from..<max(from, to)])
            if middle.count > limit { middle = shortened(middle, limit: limit) }
            return (from > 0 ? "…" : "") + middle + (to < text.count ? "…" : "")
        }
        return (cut(a), cut(b))
    }
}
