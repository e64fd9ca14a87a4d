import Domain
import Foundation
import Wording

/// Splits what the driver typed: the command word, and the rest as typed.
public struct LineText: Sendable, Equatable {
    /// The first word, lower-cased ("" for an empty line).
    public let command: String
    /// Everything after the first word, without surrounding spaces.
    public let rest: String

    /// The command word when nothing follows it: what a one-key choice must be ("1 3" is no key).
    public var key: String? { rest.isEmpty ? command : nil }

    /// Splits a line at its first space or tab.
    public init(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            command = trimmed[..<space].lowercased()
            rest = trimmed[space...].trimmingCharacters(in: .whitespaces)
        } else {
            command = trimmed.lowercased()
            rest = ""
        }
    }

    /// What the driver typed, quoted to be shown back in a message: whole, or shortened in the middle when long
    /// (``EchoText``), so a pasted page is not printed again over many lines. `“Deutschland”`,
    /// `“a long note that goes…the end of it” (2,000 characters)`.
    public static func echo(_ typed: String, limit: Int = EchoText.limit, words: Words) -> String {
        let count = typed.count
        guard count > limit else { return words("“{typed}”", context: "what the driver typed, shown back", ["typed": typed]) }
        return words.plural(
            "“{typed}” ({count} character)", "“{typed}” ({count} characters)",
            count: count, ["typed": EchoText.shortened(typed, limit: limit)]
        )
    }

    /// An old value and the one replacing it, quoted: whole when both fit, else each shortened to where they differ
    /// (``EchoText/difference(_:_:limit:)``), a long one with its length.
    public static func echo(_ old: String, replacedBy new: String, words: Words) -> (old: String, new: String) {
        let shown = EchoText.difference(old, new)
        func quote(_ text: String, whole: String) -> String {
            guard whole.count > EchoText.limit else { return words("“{typed}”", context: "what the driver typed, shown back", ["typed": text]) }
            return words.plural(
                "“{typed}” ({count} character)", "“{typed}” ({count} characters)", count: whole.count, ["typed": text]
            )
        }
        return (quote(shown.old, whole: old), quote(shown.new, whole: new))
    }

    /// The words of the whole line, split at spaces.
    public static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// A list of numbers as the driver types one anywhere: `1 3`, `1,3` and `1, 3` alike; `nil` when anything in it is
    /// not a number (or it is empty).
    public static func numbers(_ text: String) -> [Int]? {
        let typed = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
        let numbers = typed.compactMap { Int($0) }
        return !typed.isEmpty && numbers.count == typed.count ? numbers : nil
    }

    /// A file path as typed: in double or single quotes, or bare with `\ ` for spaces (a bare path may
    /// also hold plain spaces); `~` stands for the home folder.
    public static func path(_ typed: String) -> String {
        let text = typed.trimmingCharacters(in: .whitespaces)
        var result = ""
        if let quote = text.first, quote == "\"" || quote == "'" {
            var escaped = false
            for character in text.dropFirst() {
                if escaped {
                    result.append(character)
                    escaped = false
                } else if character == "\\" && quote == "\"" {
                    escaped = true
                } else if character == quote {
                    break
                } else {
                    result.append(character)
                }
            }
        } else {
            var escaped = false
            for character in text {
                if escaped {
                    result.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    result.append(character)
                }
            }
        }
        return expandingTilde(result)
    }

    /// `~` and `~/…` with the home folder put in.
    public static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + path.dropFirst()
    }
}
