import Crypto
import Foundation

/// The SHA-256 of an access token, as 64 lowercase hexadecimal digits: all the server keeps of a token.
struct TokenDigest: Sendable, Hashable {
    let hex: String

    /// The digest of a token as presented in `Authorization: Bearer <token>`.
    init(token: String) {
        hex = SHA256.hash(data: Data(token.utf8)).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// A digest read back from storage.
    init(storedHex: String) {
        hex = storedHex
    }

    /// What is stored in place of a revoked account's digest: unique, and never the digest of a token (not hex).
    static func revoked() -> TokenDigest {
        TokenDigest(storedHex: "revoked-" + UUID().uuidString.lowercased())
    }
}
