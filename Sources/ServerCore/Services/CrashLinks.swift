import Domain
import Synchronization

/// The two links to a crash an SMS carries: the web link on the server's public address, and the app link.
package struct CrashLinks: Sendable {
    private let address: Address

    /// - Parameter publicURL: the address the server is reached at from outside, e.g. `https://claims.example.com`.
    package init(publicURL: String) {
        address = Address(Self.trimmed(publicURL))
    }

    /// The public address, e.g. once the server knows the port it listens on.
    package func setPublicURL(_ url: String) {
        address.value.withLock { $0 = Self.trimmed(url) }
    }

    package var publicURL: String { address.value.withLock { $0 } }

    package func webLink(for crashID: CrashID) -> String { DeepLink.webLink(for: crashID, publicURL: publicURL) }

    package func appLink(for crashID: CrashID) -> String { DeepLink.appLink(for: crashID) }

    private static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    private final class Address: Sendable {
        let value: Mutex<String>

        init(_ url: String) {
            value = Mutex(url)
        }
    }
}
