import Foundation

/// A value the driver typed (or a link carried) that the product cannot accept.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    case invalidCrashID(String, reason: String)
    case invalidDeepLink(String, reason: String)
    case invalidCoordinate(String)
    case addressTooLong(count: Int, limit: Int)
    case noteTooLong(count: Int, limit: Int)
    case crashTimeInFuture(Date)
    case invalidContentHash(String)

    public var description: String {
        switch self {
        case let .invalidCrashID(raw, reason):
            "“\(raw)” is not a crash ID: \(reason). Check the link or ID and try again."
        case let .invalidDeepLink(link, reason):
            "“\(link)” is not a Crash Assistant link: \(reason). Use the link from the text message as it came "
                + "(crashassistant://crash/<crash ID> or …/c/<crash ID>), or type the crash ID."
        case let .invalidCoordinate(reason):
            "That location is not valid: \(reason). Give latitude,longitude in decimal degrees, e.g. 47.4979,19.0402."
        case let .addressTooLong(count, limit):
            "The address has \(count) characters; at most \(limit) fit. Shorten it and try again."
        case let .noteTooLong(count, limit):
            "The note has \(count) characters; at most \(limit) fit. Shorten it and try again."
        case .crashTimeInFuture:
            "The crash time is in the future. Give the time the crash happened."
        case let .invalidContentHash(raw):
            "“\(raw)” is not a photo's content hash (64 hexadecimal digits)."
        }
    }

    public var errorDescription: String? { description }
}
