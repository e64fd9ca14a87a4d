/// A report rebuilt from stored or received data breaks a rule a report keeps: which field, and what is wrong
/// with it. Nothing is built from such data.
public struct InvalidReportData: Error, Sendable, Hashable {
    /// What is wrong with the field's value.
    public enum Problem: Sendable, Hashable {
        /// More items than the limit allows.
        case tooMany(count: Int, limit: Int)
        /// More characters than the limit allows.
        case tooLong(count: Int, limit: Int)
        /// More UTF-8 bytes than the limit allows (characters made of very many code points).
        case tooLarge(bytes: Int, limit: Int)
        /// Text holding a character plain text may not (``TextLimit``): its code point.
        case controlCharacter(UInt32)
        /// The same value appears twice where it may appear once.
        case duplicate(String)
        /// A number outside the allowed range.
        case outOfRange(value: Int, allowed: ClosedRange<Int>)
        /// A count or revision below zero.
        case negative(Int)
        /// A value that cannot be right as given.
        case invalid(String)
        /// A statement field's value breaks the field's rule.
        case breaksRule(StatementFieldError)
        /// Text with spaces before or after it, where there may be none.
        case spacesAround
        /// A character the value may not hold (its code point).
        case characterNotAllowed(UInt32)
        /// A value that must be there is missing.
        case missing
        /// A value is there that must not be (e.g. a completion time on a draft).
        case unexpected
        /// A fact only the server witnesses (``ServerWitnessedFacts``) added or changed by a device: it comes from the
        /// other driver's link alone.
        case serverOnly
    }

    /// Where in the report, e.g. `otherDriverNote`, `photos.crash-scene`, `photos[3].byteCount`.
    public let field: String
    public let problem: Problem

    public init(field: String, problem: Problem) {
        self.field = field
        self.problem = problem
    }
}
