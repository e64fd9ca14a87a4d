/// Reads HTML as a browser's tokenizer does, one Unicode scalar at a time: the tags and their attributes' names. Enough
/// to tell whether text from a report became markup (a tag, or an attribute of a tag the template wrote).
package enum HTMLScan {
    package struct Tag: Hashable {
        package let name: String
        package let attributes: [String]

        package init(name: String, attributes: [String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    package static func tags(_ html: String) -> [Tag] {
        let s = Array(html.unicodeScalars)
        var tags: [Tag] = []
        var i = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{0C}" }
        while i < s.count {
            guard s[i] == "<", i + 1 < s.count else { i += 1; continue }
            let next = s[i + 1]
            if next == "!" || next == "/" || next == "?" {
                // A comment, a doctype or an end tag: to its '>'.
                while i < s.count, s[i] != ">" { i += 1 }
                continue
            }
            guard next.properties.isAlphabetic, next.isASCII else { i += 1; continue }
            i += 1
            var name = ""
            while i < s.count, !isSpace(s[i]), s[i] != "/", s[i] != ">" { name.unicodeScalars.append(s[i]); i += 1 }
            var attributes: [String] = []
            while i < s.count {
                while i < s.count, isSpace(s[i]) || s[i] == "/" { i += 1 }
                guard i < s.count, s[i] != ">" else { break }
                var attribute = ""
                // An attribute's name may start with '='; it ends at a space, '/', '>' or '='.
                repeat { attribute.unicodeScalars.append(s[i]); i += 1 } while i < s.count && !isSpace(s[i]) && s[i] != "/" && s[i] != ">" && s[i] != "="
                while i < s.count, isSpace(s[i]) { i += 1 }
                if i < s.count, s[i] == "=" {
                    i += 1
                    while i < s.count, isSpace(s[i]) { i += 1 }
                    if i < s.count, s[i] == "\"" || s[i] == "'" {
                        let quote = s[i]
                        i += 1
                        while i < s.count, s[i] != quote { i += 1 }
                        i += 1
                    } else {
                        while i < s.count, !isSpace(s[i]), s[i] != ">" { i += 1 }
                    }
                }
                attributes.append(attribute.lowercased())
            }
            tags.append(Tag(name: name.lowercased(), attributes: attributes))
            i += 1
        }
        return tags
    }
}
