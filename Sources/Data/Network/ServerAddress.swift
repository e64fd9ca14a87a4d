import Foundation

/// Where the crash-report server is and the token it knows this driver by.
public struct ServerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The base URL without a trailing slash, e.g. `https://crash.example.com` or `http://127.0.0.1:8080/base`.
    public let baseURL: String
    /// The same, as a URL.
    public let url: URL
    public let token: String

    /// Checks the address a driver gave.
    /// - Parameter allowingPlainHTTP: whether `http://` may name a host other than this machine; without it only
    ///   `https://` does, since the token and the photos of licences would travel in clear.
    /// - Throws: ``ServerAddressError`` when it is not an http(s) URL with a host, or has a query or fragment, or is a
    ///   plain-HTTP address of another machine not allowed explicitly.
    public init(_ text: String, token: String, allowingPlainHTTP: Bool = false) throws(ServerAddressError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        func refuse(_ reason: String) -> ServerAddressError { ServerAddressError(text: String(trimmed.prefix(200)), reason: reason) }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw refuse("it is not a URL such as https://crash.example.com")
        }
        guard scheme == "http" || scheme == "https" else { throw refuse("it does not start with http:// or https://") }
        guard let host = components.host, !host.isEmpty else { throw refuse("it names no host") }
        guard components.query == nil, components.fragment == nil else { throw refuse("it has a query or fragment") }
        guard components.user == nil, components.password == nil else {
            throw refuse("it carries a user name or password (give the token with --token instead)")
        }
        if scheme == "http", !allowingPlainHTTP, !Self.isLoopback(host) {
            throw refuse("it is plain http:// to another machine, so your token and photos would travel unencrypted; use https://, or --allow-plain-http if the network is your own")
        }
        var base = trimmed
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base) else { throw refuse("it is not a URL such as https://crash.example.com") }
        self.baseURL = base
        self.url = url
        self.token = token
    }

    /// Whether the host is this machine (`localhost`, `127.x.x.x`, `::1`).
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// The host (and port) the driver would recognise, for messages.
    public var description: String {
        URLComponents(string: baseURL).map { components in
            (components.host ?? baseURL) + (components.port.map { ":\($0)" } ?? "")
        } ?? baseURL
    }
}
