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
