import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import Wording

/// The language a page is written in, and the switch to the others. A page follows the browser's `Accept-Language`
/// until its reader picks a language with the switch (a plain link, no script), which is remembered for that link by a
/// cookie on its path. Every template's sentences are written in English between `{{#t}}` and `{{/t}}`; `t` looks
/// each one up in this language (``Words``), and the `{{…}}` it holds are filled after, so a translation may move them.
package struct PageLanguage {
    /// The query that picks a language: `?lang=de`.
    package static let queryName = "lang"
    /// The cookie that remembers it.
    package static let cookieName = "ca_lang"
    /// How long the choice is remembered: as long as a link's copy is kept.
    package static let cookieLifetime = 8 * 24 * 3_600

    package let words: Words
    /// `lang` of the page (`de`, `pt-BR`).
    package let lang: String
    package let languages: [Choice]
    /// The template's lambda: `{{#t}}Send my part{{/t}}`.
    package let t: MustacheLambda

    package struct Choice {
        package let name: String
        package let tag: String
        package let href: String
        package let current: Bool
    }

    /// The language of a page under `base` (the link's own path, `/s/<token>`): the one picked with `?lang=`, else the
    /// one remembered, else the browser's best.
    package init(_ request: Request, base: String, secure: Bool, languages: Languages = .shipped) {
        let picked = request.uri.queryParameters.get(Self.queryName).flatMap { code in languages.codes.contains(code) ? code : nil }
        let remembered = request.cookies[Self.cookieName]?.value
        let words: Words = if let picked {
            languages.words(picked)
        } else if let remembered, languages.codes.contains(remembered) {
            languages.words(remembered)
        } else {
            languages.best(acceptLanguage: request.headers[.acceptLanguage])
        }
        self.init(words: words, base: base, languages: languages)
        if let picked {
            self.cookie = Cookie(
                name: Self.cookieName, value: picked, maxAge: Self.cookieLifetime, path: base, secure: secure, httpOnly: true,
                sameSite: .lax
            )
        }
    }

    /// A page in a given language, with the switch linking to `base`.
    package init(words: Words, base: String, languages: Languages = .shipped) {
        self.words = words
        self.lang = words.tag
        // By their names, as a reader looks for theirs.
        self.languages = languages.all.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }.map { language in
            Choice(name: language.name, tag: language.tag, href: base + "?\(Self.queryName)=\(language.code)", current: language.code == words.code)
        }
        self.t = MustacheLambda { text in
            // A sentence written over several lines of a template is one message: its spaces are folded.
            words(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        self.cookie = nil
    }

    /// Set when the reader just picked the language: the cookie to remember it.
    package private(set) var cookie: Cookie?
}

extension Response {
    /// Says the page's language (`Content-Language`) and remembers one the reader just picked.
    package mutating func set(_ language: PageLanguage) {
        headers[.contentLanguage] = language.lang
        headers[.vary] = "Accept-Language, Cookie"
        if let cookie = language.cookie { setCookie(cookie) }
    }
}
