import Crypto
import Domain
import Foundation

extension ContentHash {
    /// The SHA-256 of these bytes.
    public static func sha256(of bytes: Data) -> ContentHash {
        do {
            return try ContentHash(digest: SHA256.hash(data: bytes))
        } catch {
            // A SHA-256 digest is always 32 bytes, which always makes a valid hash.
            preconditionFailure("SHA-256 gave a digest that is not 32 bytes: \(error)")
        }
    }
}
