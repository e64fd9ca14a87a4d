import Crypto
import Domain
import Foundation

/// The SHA-256 of an access token, as 64 lowercase hexadecimal digits: all the server keeps of a token.
package struct TokenDigest: Sendable, Hashable {
    package let hex: String

    /// The digest of a token as presented in `Authorization: Bearer <token>`.
    package init(token: String) {
        hex = lowercaseHex(SHA256.hash(data: Data(token.utf8)))
    }

    /// A digest read back from storage.
    package init(storedHex: String) {
        hex = storedHex
    }

    /// What is stored in place of a revoked account's digest: unique, and never the digest of a token (not hex).
    package static func revoked() -> TokenDigest {
        TokenDigest(storedHex: "revoked-" + UUID().uuidString.lowercased())
    }
}
