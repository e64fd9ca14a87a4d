import HTTPTypes

/// The header fields of resumable uploads (IETF "Resumable Uploads for HTTP") and of idempotent requests.
extension HTTPField.Name {
    // The names are constant, valid tokens: creating them cannot fail.
    public static let uploadOffset = HTTPField.Name("Upload-Offset")!
    public static let uploadComplete = HTTPField.Name("Upload-Complete")!
    public static let uploadLimit = HTTPField.Name("Upload-Limit")!
    public static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
