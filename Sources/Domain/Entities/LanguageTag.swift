import Foundation

/// The language a driver's app spoke when a report was started, or an account's: a language code (`de`, `hu`), with
/// its region when it matters (`pt_BR`). The server writes that driver's documents and texts in it.
public struct LanguageTag: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// Reads `de`, `pt_BR`, `pt-br`: two or three letters, then optionally a region of two letters or three digits.
    /// - Throws: ``LanguageTagError`` naming what was given.
    public init(parsing text: String) throws(LanguageTagError) {
        // Trimmed and split by hand: Foundation's character sets cost a noticeable part of the app's start.
        let start = text.drop(while: \.isWhitespace)
        let trimmed = start[..<(start.lastIndex { !$0.isWhitespace }.map(start.index(after:)) ?? start.startIndex)]
        let parts = trimmed.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
        guard (1...2).contains(parts.count), let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw .notALanguage(text)
        }
        var tag = language.lowercased()
        if parts.count == 2 {
            let region = parts[1]
            guard (region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter }))
                || (region.count == 3 && region.allSatisfy({ $0.isASCII && $0.isNumber })) else {
                throw .notARegion(text)
            }
            tag += "_" + region.uppercased()
        }
        rawValue = tag
    }

    public var description: String { rawValue }

    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why a text is not a language tag.
public enum LanguageTagError: Error, Sendable, Hashable {
    /// Not two or three letters (then a region).
    case notALanguage(String)
    /// A region that is not two letters or three digits.
    case notARegion(String)
}
