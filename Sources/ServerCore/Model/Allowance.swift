import Foundation

/// A bound a write checks inside its own transaction, against counts read in that transaction, so two writes at once
/// cannot both pass it: the quota is taken with the write it guards, never checked first and written after.
///
/// The store counts what `since` says (the owner's rows, or those since a rate's window began) and calls ``check(held:adding:earliest:)``;
/// the words and the time to ask again stay with ``QuotaCheck``, which makes the allowance.
package struct Allowance: Sendable {
    /// How much may be held.
    package let limit: Int
    /// Count only what was written from this moment on (a rate's window); `nil`: everything held.
    package let since: Date?
    private let refusal: @Sendable (_ earliest: Date?) -> ServerRefusal

    package init(limit: Int, since: Date?, refusal: @escaping @Sendable (_ earliest: Date?) -> ServerRefusal) {
        self.limit = limit
        self.since = since
        self.refusal = refusal
    }

    /// Passes when `adding` more to the `held` still fits within ``limit``.
    /// - Parameter earliest: the oldest counted write (for a rate: when room frees up).
    /// - Throws: the ``ServerRefusal`` that says which bound, and when to ask again.
    package func check(held: Int, adding: Int = 1, earliest: Date? = nil) throws(ServerRefusal) {
        guard held + adding <= limit else { throw refusal(earliest) }
    }
}
