import Foundation

/// Which of a message's plural forms a count takes, read from a catalog's `Plural-Forms` header: the C expression
/// gettext uses (`n != 1`, `n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2`), whose values are the
/// language's CLDR categories in the catalog's order. A new language brings its rule in its own catalog file.
public struct PluralRule: Sendable, Equatable {
    /// How many forms each plural message has in this language.
    public let count: Int
    private let expression: Expression

    /// English's rule (and that of every language whose catalog does not say): one form for 1, another for the rest.
    public static let english = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

    private init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// Reads `nplurals=N; plural=EXPR;`.
    public init(header: String) throws(PluralRuleError) {
        var count: Int?
        var expressionText: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "nplurals": count = Int(pair[1])
            case "plural": expressionText = pair[1]
            default: continue
            }
        }
        guard let count, (1...6).contains(count) else { throw .noCount }
        guard let expressionText else { throw .noExpression }
        var parser = Parser(Array(expressionText.utf8))
        let expression = try parser.parse()
        self.count = count
        self.expression = expression
    }

    /// The index of the form `n` takes, within `0..<count`.
    public func index(for n: Int) -> Int {
        let value = expression.evaluate(UInt64(max(0, n)))
        return value < UInt64(count) ? Int(value) : count - 1
    }

    // MARK: - The expression

    indirect enum Expression: Sendable, Equatable {
        case n
        case number(UInt64)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case choice(Expression, Expression, Expression)

        func evaluate(_ n: UInt64) -> UInt64 {
            switch self {
            case .n: return n
            case let .number(value): return value
            case let .not(operand): return operand.evaluate(n) == 0 ? 1 : 0
            case let .choice(condition, yes, no): return condition.evaluate(n) != 0 ? yes.evaluate(n) : no.evaluate(n)
            case let .binary(op, lhs, rhs):
                let l = lhs.evaluate(n)
                switch op {
                case .and: return l != 0 && rhs.evaluate(n) != 0 ? 1 : 0
                case .or: return l != 0 || rhs.evaluate(n) != 0 ? 1 : 0
                default: break
                }
                let r = rhs.evaluate(n)
                switch op {
                case .equal: return l == r ? 1 : 0
                case .notEqual: return l != r ? 1 : 0
                case .less: return l < r ? 1 : 0
                case .lessOrEqual: return l <= r ? 1 : 0
                case .greater: return l > r ? 1 : 0
                case .greaterOrEqual: return l >= r ? 1 : 0
                case .remainder: return r == 0 ? 0 : l % r
                case .and, .or: return 0
                }
            }
        }
    }

    enum Operator: Sendable, Equatable { case or, and, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, remainder }

    /// A recursive-descent parser of the C subset gettext's rules use, by C's precedence.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func parse() throws(PluralRuleError) -> Expression {
            let expression = try choice()
            skipSpaces()
            guard position == bytes.count else { throw .badExpression }
            return expression
        }

        private mutating func choice() throws(PluralRuleError) -> Expression {
            let condition = try binary(level: 0)
            guard take("?") else { return condition }
            let yes = try choice()
            guard take(":") else { throw .badExpression }
            let no = try choice()
            return .choice(condition, yes, no)
        }

        private static let levels: [[(String, Operator)]] = [
            [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
            [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)], [("%", .remainder)],
        ]

        private mutating func binary(level: Int) throws(PluralRuleError) -> Expression {
            guard level < Self.levels.count else { return try unary() }
            var lhs = try binary(level: level + 1)
            outer: while true {
                for (symbol, op) in Self.levels[level] where take(symbol) {
                    lhs = .binary(op, lhs, try binary(level: level + 1))
                    continue outer
                }
                return lhs
            }
        }

        private mutating func unary() throws(PluralRuleError) -> Expression {
            if peek("!=") { throw .badExpression }
            if take("!") { return .not(try unary()) }
            if take("(") {
                let inner = try choice()
                guard take(")") else { throw .badExpression }
                return inner
            }
            if take("n") { return .n }
            skipSpaces()
            var value: UInt64 = 0
            var digits = 0
            while position < bytes.count, (48...57).contains(bytes[position]), digits < 9 {
                value = value * 10 + UInt64(bytes[position] - 48)
                position += 1
                digits += 1
            }
            guard digits > 0 else { throw .badExpression }
            return .number(value)
        }

        private mutating func skipSpaces() {
            while position < bytes.count, bytes[position] == 32 || bytes[position] == 9 { position += 1 }
        }

        private mutating func peek(_ symbol: String) -> Bool {
            skipSpaces()
            let symbol = Array(symbol.utf8)
            return position + symbol.count <= bytes.count && Array(bytes[position..<position + symbol.count]) == symbol
        }

        private mutating func take(_ symbol: String) -> Bool {
            guard peek(symbol) else { return false }
            // `<` must not take the first half of `<=`, nor `!` that of `!=`.
            let end = position + symbol.utf8.count
            if symbol.count == 1, end < bytes.count, bytes[end] == UInt8(ascii: "="), "<>!=".utf8.contains(symbol.utf8.first!) {
                return false
            }
            position = end
            return true
        }
    }
}

public enum PluralRuleError: Error, Sendable, Equatable {
    case noCount
    case noExpression
    case badExpression
}
