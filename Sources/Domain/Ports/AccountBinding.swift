/// Which server account a data folder belongs to. Reports, photos and the outbox of one folder are one person's: a
/// token of another account (or another server) must never send them there, nor remove anything here because that
/// account does not hold it. Implemented by the store that keeps the ``SyncState``.
public protocol AccountBinding: Sendable {
    /// The account this folder belongs to, or `nil` when it never reached a server.
    func boundAccount() async throws -> ServerAccount?

    /// Binds the folder to `account` when it is bound to none yet, in one step.
    /// - Returns: the account the folder belongs to afterwards: `account`, or the one it was bound to before.
    func bind(to account: ServerAccount) async throws -> ServerAccount
}
