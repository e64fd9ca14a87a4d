/// What a report's document says of its seal, under the statement's signatures: whether the file carries a signature
/// that shows any change made to it afterwards.
public enum DocumentSealNote: Sendable, Equatable {
    /// Nothing (a screen, the handlers' page: only a file can be sealed).
    case unstated
    /// Made on the driver's device, which does not seal.
    case madeOnDevice
    /// Made by a server that has no signing key.
    case serverHasNoKey
    /// Sealed by the server, whose certificate names `by` and has this SHA-256 fingerprint (once both drivers signed).
    case sealed(by: String, fingerprint: String)
}
