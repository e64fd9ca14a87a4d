import Foundation
import Wording

/// A one-line message a screen shows once: what happened, or what went wrong and what to do.
public struct UiMessage: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case info
        case error
    }

    public let kind: Kind
    public let text: String
    /// The error the message tells of, so an edge that knows more (the app's own options) can word it its own way.
    /// Not part of the message's identity: two messages with the same kind and text are equal.
    public let cause: (any Error)?

    public init(_ kind: Kind, _ text: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.text = text
        self.cause = cause
    }

    public static func info(_ text: String) -> UiMessage { UiMessage(.info, text) }

    /// The error in words (``ErrorText``), keeping the error as the ``cause``.
    public static func error(_ error: any Error, words: Words) -> UiMessage {
        UiMessage(.error, ErrorText.sentence(for: error, words: words), cause: error)
    }

    public static func error(_ text: String) -> UiMessage { UiMessage(.error, text) }

    // MARK: - Equality

    public static func == (lhs: UiMessage, rhs: UiMessage) -> Bool {
        lhs.kind == rhs.kind && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(text)
    }
}
