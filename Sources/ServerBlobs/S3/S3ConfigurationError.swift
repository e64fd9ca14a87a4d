
/// What is wrong with the S3 storage the server was told to use, as facts (the command words them).
package enum S3ConfigurationError: Error, Sendable, Hashable {
    /// The blob URL cannot be used; `problem` says which part is wrong.
    case malformedURL(String, problem: String)
    /// These credential variables are unset or empty.
    case credentialsMissing([String])
}
