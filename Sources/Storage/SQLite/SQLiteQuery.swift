import Foundation

/// One SQL statement with its values, written as a string literal: each `\(value)` in it becomes a parameter whose
/// value is bound, never spliced into the text. A value sits where it is used, so none can be bound to the wrong
/// place, and a parameter written by hand (`?1`, `:name`) is refused when the statement is prepared.
///
/// ```swift
/// let query = try connection.statement("SELECT body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)")
/// ```
///
/// The text between the values is static (`StaticString`), so the statement is prepared once per place in the code
/// and found again by the addresses of its pieces, without hashing or building any text.
public struct SQLiteQuery: ExpressibleByStringInterpolation {
    /// The static pieces of the text, in order; a value stands between each two.
    let pieces: [StaticString]
    /// The values, in order.
    let values: [SQLiteValue]

    public init(stringLiteral literal: StaticString) {
        pieces = [literal]
        values = []
    }

    public init(stringInterpolation: StringInterpolation) {
        var pieces = stringInterpolation.pieces
        if pieces.count == stringInterpolation.values.count { pieces.append("") }
        self.pieces = pieces
        values = stringInterpolation.values
    }

    /// The SQL SQLite prepares: the pieces with `?1`, `?2`… where the values stand (for `EXPLAIN QUERY PLAN`).
    public var text: String {
        var text = ""
        for (index, piece) in pieces.enumerated() {
            if index > 0 { text += "?\(index)" }
            text += piece.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        }
        return text
    }

    /// What finds the prepared statement again: the addresses of the pieces, which only the same place in the code
    /// (or one with the very same text) has. It holds the pieces themselves, so making it allocates nothing.
    var key: Key { Key(pieces: pieces) }

    struct Key: Hashable {
        let pieces: [StaticString]

        static func == (left: Key, right: Key) -> Bool {
            left.pieces.count == right.pieces.count && zip(left.pieces, right.pieces).allSatisfy { pair in
                pair.0.utf8Start == pair.1.utf8Start && pair.0.utf8CodeUnitCount == pair.1.utf8CodeUnitCount
            }
        }

        func hash(into hasher: inout Hasher) {
            for piece in pieces {
                hasher.combine(UnsafeRawPointer(piece.utf8Start))
                hasher.combine(piece.utf8CodeUnitCount)
            }
        }
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [StaticString] = []
        var values: [SQLiteValue] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount + 1)
            values.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) {
            // Swift hands over no empty piece (two values side by side, or one at either end), nor two pieces in a
            // row: `add` puts in the empty ones, so pieces and values alternate.
            pieces.append(literal)
        }

        public mutating func appendInterpolation(_ value: Int) { add(.integer(Int64(value))) }
        public mutating func appendInterpolation(_ value: Int?) { add(value.map { .integer(Int64($0)) } ?? .null) }
        public mutating func appendInterpolation(_ value: Bool) { add(.integer(value ? 1 : 0)) }
        public mutating func appendInterpolation(_ value: Bool?) { add(value.map { .integer($0 ? 1 : 0) } ?? .null) }
        public mutating func appendInterpolation(_ value: Double) { add(.real(value)) }
        public mutating func appendInterpolation(_ value: Double?) { add(value.map(SQLiteValue.real) ?? .null) }
        public mutating func appendInterpolation(_ value: String) { add(.text(value)) }
        public mutating func appendInterpolation(_ value: String?) { add(value.map(SQLiteValue.text) ?? .null) }
        public mutating func appendInterpolation(_ value: UUID) { add(.uuid(value)) }
        public mutating func appendInterpolation(_ value: UUID?) { add(value.map(SQLiteValue.uuid) ?? .null) }

        private mutating func add(_ value: SQLiteValue) {
            if pieces.count == values.count { pieces.append("") }
            values.append(value)
        }
    }
}

/// A value bound to a parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Stored as its 16 bytes, whose byte order is the order of its lowercase text.
    case uuid(UUID)
}
