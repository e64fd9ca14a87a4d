import Crypto
import Domain
import Foundation

/// Signs S3 requests with AWS Signature Version 4 (the `Authorization` header form): the canonical request, the
/// string to sign, the signing key derived from the secret for the day, region and service, and the signature.
///
/// Paths and query values are given as plain text and encoded here the S3 way (every byte but `A-Z a-z 0-9 - _ . ~`,
/// and `/` in paths, as `%XX`, once); the caller sends the request to ``canonicalPath(_:)`` so what is signed is
/// what goes on the wire.
package struct S3RequestSigner: Sendable {
    /// The payload hash that says the body is not signed (a streamed body whose hash is not known in advance).
    package static let unsignedPayload = "UNSIGNED-PAYLOAD"
    /// The SHA-256 of no bytes.
    package static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    package let credentials: S3Credentials
    package let region: String
    package let service = "s3"

    // MARK: - Signing

    /// The headers to send with the request besides the caller's own: `x-amz-date`, `x-amz-content-sha256`,
    /// `x-amz-security-token` (with a session token) and `Authorization`. `Host` is signed but not returned (the
    /// HTTP client sends it from the URL).
    /// - Parameters:
    ///   - host: the `Host` header as sent: the name, and `:port` when the port is not the scheme's default.
    ///   - path: the path, not encoded (e.g. `/bucket/photo/ab…`).
    ///   - query: the query's names and values, not encoded (`("lifecycle", "")` for `?lifecycle`).
    ///   - headers: every other header the request sends; all are signed.
    ///   - payloadHash: the body's SHA-256 in lowercase hex, or ``unsignedPayload``.
    package func sign(
        method: String, host: String, path: String, query: [(String, String)] = [], headers: [(String, String)] = [],
        payloadHash: String, date: Date
    ) -> [(String, String)] {
        let stamp = Self.timestamp(date)
        let day = String(stamp.prefix(8))
        var added = [("x-amz-date", stamp), ("x-amz-content-sha256", payloadHash)]
        if let token = credentials.sessionToken { added.append(("x-amz-security-token", token)) }

        var canonicalHeaders: [String: String] = ["host": Self.trimmed(host)]
        for (name, value) in headers + added {
            let name = name.lowercased()
            let value = Self.trimmed(value)
            canonicalHeaders[name] = canonicalHeaders[name].map { "\($0),\(value)" } ?? value
        }
        let names = canonicalHeaders.keys.sorted()
        let signedHeaders = names.joined(separator: ";")
        let canonicalRequest = [
            method,
            Self.canonicalPath(path),
            Self.canonicalQuery(query),
            names.map { "\($0):\(canonicalHeaders[$0] ?? "")\n" }.joined(),
            signedHeaders,
            payloadHash,
        ].joined(separator: "\n")

        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", stamp, scope, lowercaseHex(SHA256.hash(data: Data(canonicalRequest.utf8))),
        ].joined(separator: "\n")
        let signature = lowercaseHex(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: signingKey(day: day)))
        let authorization = "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope),"
            + "SignedHeaders=\(signedHeaders),Signature=\(signature)"
        return added + [("Authorization", authorization)]
    }

    /// The key for one day, region and service, derived from the secret.
    private func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    // MARK: - Canonical forms

    /// The path as signed and sent: each byte outside the unreserved set encoded once, `/` kept.
    package static func canonicalPath(_ path: String) -> String {
        let encoded = encode(path, keepingSlash: true)
        return encoded.isEmpty ? "/" : encoded
    }

    /// The query as signed and sent: names and values encoded, sorted by name then value, `name=value` joined by `&`.
    package static func canonicalQuery(_ query: [(String, String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { name, value in
            (encode(name, keepingSlash: false), encode(value, keepingSlash: false))
        }
        let sorted = encoded.sorted { left, right in left.name == right.name ? left.value < right.value : left.name < right.name }
        return sorted.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    package static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day)
            + "T" + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
    }

    private static func encode(_ text: String, keepingSlash: Bool) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlash:
                encoded.append("/")
            default:
                encoded += String(format: "%%%02X", byte)
            }
        }
        return encoded
    }

    /// A header value with its ends trimmed and inner runs of spaces made one.
    private static func trimmed(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    package init(credentials: S3Credentials, region: String) {
        self.credentials = credentials
        self.region = region
    }
}
