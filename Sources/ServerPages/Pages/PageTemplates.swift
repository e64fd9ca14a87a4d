import Mustache

/// HTML text escaped one Unicode scalar at a time. Escaping by `Character` misses a quote, a `<` or an `&` that a
/// combining mark follows (`"` + U+0301 is one `Character` that is not `"`), which lets text close an attribute; a
/// scalar is never merged with its neighbours, so nothing that has meaning in markup is written raw.
package enum HTMLText {
    package static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        escaped.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}

/// The pages' Mustache libraries: every template is rendered with ``HTMLText`` escaping whatever `{{…}}` writes, set
/// at the top of each template (partials included), so no template can fall back to escaping by `Character`.
package enum PageTemplates {
    /// The content type's name in the templates' `CONTENT_TYPE` pragma.
    package static let contentType = "SCALARHTML"

    private struct ScalarHTML: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLText.escape(text) }
    }

    /// Parses the named templates into one library. The templates are the program's own text: one that does not
    /// parse is a fault of the build, found by every test.
    package static func library(_ templates: [(name: String, text: String)]) -> MustacheLibrary {
        MustacheContentTypes.register(ScalarHTML(), named: contentType)
        var library = MustacheLibrary()
        for (name, text) in templates {
            do {
                try library.register("{{% CONTENT_TYPE: \(contentType) }}" + text, named: name)
            } catch {
                preconditionFailure("the \(name) template does not parse: \(error)")
            }
        }
        return library
    }
}
