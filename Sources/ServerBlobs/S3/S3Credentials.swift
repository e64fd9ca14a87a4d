import Foundation

/// The keys S3 requests are signed with, from the usual `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` (and the
/// optional `AWS_SESSION_TOKEN`) environment variables.
package struct S3Credentials: Sendable, Hashable {
    package let accessKeyID: String
    package let secretAccessKey: String
    package let sessionToken: String?

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// The credentials in the environment.
    /// - Throws: `S3ConfigurationError.credentialsMissing` naming the variables that are unset or empty.
    package static func fromEnvironment(_ environment: [String: String]) throws(S3ConfigurationError) -> S3Credentials {
        let names = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]
        let missing = names.filter { (environment[$0] ?? "").isEmpty }
        guard missing.isEmpty, let key = environment[names[0]], let secret = environment[names[1]] else {
            throw .credentialsMissing(missing)
        }
        let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return S3Credentials(accessKeyID: key, secretAccessKey: secret, sessionToken: token)
    }
}
