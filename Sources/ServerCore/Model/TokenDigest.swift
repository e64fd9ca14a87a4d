import Crypto
import Foundation

/// The SHA-256 of an access token, as 64 lowercase hexadecimal digits: all the server keeps of a token.
package struct TokenDigest: Sendable, Hashable {
    package let hex: String

    /// The digest of a token as presented in `Authorization: Bearer <token>`.
    package init(token: String) {
        // Asked on every request: written straight into one string, not a string per byte.
        let digits = Array("0123456789abcdef".utf8)
        let digest = SHA256.hash(data: Data(token.utf8))
        hex = String(unsafeUninitializedCapacity: SHA256.byteCount * 2) { buffer in
            var index = 0
            for byte in digest {
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
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
