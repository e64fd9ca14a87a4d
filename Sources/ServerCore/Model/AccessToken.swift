import Foundation

/// A new access token: `ca_` and 32 random bytes in base64url (43 characters), from the system's secure generator.
/// The prefix says what the secret is (to a person, or a scanner looking for leaked secrets), and keeps a token from
/// starting with `-`, which a command line would take for an option (`--token -x…`).
package enum AccessToken {
    package static let prefix = "ca_"

    package static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
