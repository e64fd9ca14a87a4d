import Domain
import Foundation

/// The accounts that may call the server, found by the SHA-256 of their token.
package protocol AccountStore: Sendable {
    /// Adds an account.
    /// - Throws: ``ServerStoreError/nameTaken(_:kind:)`` when an account of this kind has the name.
    func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, phone: PhoneNumber?, at date: Date) async throws -> Account

    /// Gives the user of this name the phone number their crash SMS go to, or none.
    /// - Returns: the user, or `nil` when there is no such user.
    func setPhone(_ phone: PhoneNumber?, forUserNamed name: String) async throws -> Account?

    /// Gives the user of this name the language their crash SMS and documents are written in, or none (English).
    /// - Returns: the user, or `nil` when there is no such user.
    func setLanguage(_ language: LanguageTag?, forUserNamed name: String) async throws -> Account?

    /// Gives the user of this name the insurer's references (each `nil`: none).
    /// - Returns: the user, or `nil` when there is no such user.
    /// - Throws: ``ServerStoreError/customerReferenceTaken(_:)`` when another user has the customer reference.
    func setReferences(_ references: InsurerReferences, forUserNamed name: String) async throws -> Account?

    /// The users the insurer's reference names, at most `limit` of them: one for a customer reference, any number
    /// for a policy (a crash event naming a policy several users share is refused as ambiguous).
    func users(_ reference: DriverReference, limit: Int) async throws -> [Account]

    /// The account whose token has this digest, if any.
    func account(for digest: TokenDigest) async throws -> Account?

    /// The account with this id, if any.
    func account(id: AccountID) async throws -> Account?

    /// The user account with this name, if any (crash events name their user).
    func user(named name: String) async throws -> Account?

    /// Gives the account of this kind and name a new token (its digest), or none (`nil`: revoked, so no token opens
    /// it). The old token is refused from then on.
    /// - Returns: the account, or `nil` when there is no such account.
    func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) async throws -> Account?

    /// Removes the account and everything it owns — reports and their PDF records, photo records, uploads under way,
    /// crash IDs and crash events — in one step.
    /// - Returns: what the account held, so the bytes no other account holds can go too; `nil` when there is no such
    ///   account.
    func eraseAccount(name: String, kind: Account.Kind) async throws -> ErasedAccount?
}

/// What an erased account held.
package struct ErasedAccount: Sendable, Hashable {
    package let account: Account
    package let reports: Int
    package let photos: [ContentHash]
    package let documents: [ContentHash]
    package let uploads: [UploadID]
    package let crashIDs: [CrashID]

    package init(account: Account, reports: Int, photos: [ContentHash], documents: [ContentHash], uploads: [UploadID], crashIDs: [CrashID]) {
        self.account = account
        self.reports = reports
        self.photos = photos
        self.documents = documents
        self.uploads = uploads
        self.crashIDs = crashIDs
    }
}
