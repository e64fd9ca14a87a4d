/// The account on a crash-report server a device's data folder belongs to: the first sync binds the folder to the
/// account its token opened, and no other account's token is used with that folder afterwards (``AccountBinding``).
/// A server account that is not a driver's, so the app cannot use its token: a claims handler's or a crash detection
/// service's.
public enum OtherAccountKind: String, Sendable, Hashable {
    case handler
    case detector
}

public struct ServerAccount: Sendable, Hashable {
    /// The server's id for the account: never reused, by that server or any other.
    public let id: String
    /// The name the account was added with, for messages.
    public let name: String
    /// The server as the driver gave it (its address), for messages.
    public let server: String

    public init(id: String, name: String, server: String) {
        self.id = id
        self.name = name
        self.server = server
    }

    /// Whether this is the same account (the id decides: a server reached at another address is still itself).
    public func isSameAccount(as other: ServerAccount) -> Bool {
        id.lowercased() == other.id.lowercased()
    }
}
