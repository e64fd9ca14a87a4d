import Foundation

/// A one-line message a screen shows once: what happened, or what went wrong and what to do.
public struct UiMessage: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case info
        case error
    }

    public let kind: Kind
    public let text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    public static func info(_ text: String) -> UiMessage { UiMessage(.info, text) }

    /// The error's own message (every domain error names the problem and what to do).
    public static func error(_ error: any Error) -> UiMessage {
        UiMessage(.error, describe(error))
    }

    public static func error(_ text: String) -> UiMessage { UiMessage(.error, text) }

    /// The message of an error, as a person should read it.
    public static func describe(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return error.localizedDescription
    }
}
